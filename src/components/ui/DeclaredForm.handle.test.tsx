import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { renderWithProviders } from '@/test/render'
import { DeclaredForm, openFormDialog, type FormSpec } from './DeclaredForm'
import { FormRefusal } from './form-refusal'

/*
 * What a declared form offers beyond fields and a submit: the handle an addon acts through, a refusal the submit
 * throws itself, fields the submit does not check, the button on a tool's row, radio choices, and an IME's Enter.
 */

type Field = 'account' | 'captcha' | 'code'
const required = z.string().min(1, { message: 'required' })

function renderTool(spec: Partial<FormSpec<Field>> & Pick<FormSpec<Field>, 'submit'>, props: { inline?: boolean } = {}) {
  const user = userEvent.setup({ delay: null })
  const full: FormSpec<Field> = {
    id: 'tool',
    fields: [
      { name: 'account', label: '账号', schema: required },
      { name: 'captcha', label: '图形码', schema: required, checkOnSubmit: false },
      {
        name: 'code', label: '短信码', schema: required,
        addon: (_, form) => (
          <button type="button" onClick={() => form.check(['account', 'captcha']) && (form.set('captcha', ''), form.note('已发送', true))}>
            发送
          </button>
        ),
      },
    ],
    submitLabel: '登录',
    ...spec,
  }
  renderWithProviders(<DeclaredForm spec={full} {...props} />)
  return { user, field: (label: string) => screen.getByLabelText(label) }
}

describe('DeclaredForm handle and refusals', () => {
  it("an addon checks only the fields it names, sets a field and words its outcome under the form", async () => {
    const { user, field } = renderTool({ submit: async () => undefined })
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(field('账号')).toHaveAttribute('aria-invalid', 'true')
    expect(field('图形码')).toHaveAttribute('aria-invalid', 'true')
    expect(field('短信码')).not.toHaveAttribute('aria-invalid')
    expect(field('账号')).toHaveFocus()

    await user.type(field('账号'), 'acme')
    await user.type(field('图形码'), 'ABCD')
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(screen.getByRole('status')).toHaveTextContent('已发送')
    expect(field('图形码')).toHaveValue('')
  })

  it('the submit skips a field not checked on submit, and a FormRefusal marks the fields it names', async () => {
    const submit = vi.fn(async () => {
      throw new FormRefusal('短信码错误', { code: '短信码错误' })
    })
    const { user, field } = renderTool({ submit })
    await user.type(field('账号'), 'acme')
    await user.type(field('短信码'), '123456{Enter}')
    expect(submit).toHaveBeenCalledOnce()
    await waitFor(() => expect(field('短信码')).toHaveAttribute('aria-invalid', 'true'))
    expect(field('短信码')).toHaveFocus()
    expect(field('短信码')).toHaveValue('123456')
    expect(field('账号')).toHaveValue('acme')
  })

  it('a FormRefusal naming no field shows its words under the form and keeps what was typed', async () => {
    const { user, field } = renderTool({ submit: async () => Promise.reject(new FormRefusal('账号已停用')) })
    await user.type(field('账号'), 'acme')
    await user.type(field('短信码'), '123456{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('账号已停用')
    expect(field('账号')).toHaveValue('acme')
  })

  it('inline puts the button on the last field’s row, after its addon', () => {
    renderTool({ submit: async () => undefined }, { inline: true })
    const row = screen.getByRole('button', { name: '发送' }).parentElement
    expect(row).toContainElement(screen.getByRole('button', { name: '登录' }))
  })

  it('ignores Ctrl+Enter while an IME composes', async () => {
    const submit = vi.fn(async () => undefined)
    const { user, field } = renderTool({ submit })
    await user.type(field('账号'), 'acme')
    await user.type(field('短信码'), '123456')
    fireEvent.keyDown(field('短信码'), { key: 'Enter', ctrlKey: true, isComposing: true })
    expect(submit).not.toHaveBeenCalled()
    fireEvent.keyDown(field('短信码'), { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(submit).toHaveBeenCalledOnce())
  })

  it('a radio field starts on its first choice, arrows pick, and the save button may name the choice', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<></>)
    const chosen = openFormDialog({
      title: '下载',
      spec: {
        fields: [{ name: 'format', label: '格式', kind: 'radio', options: [{ value: 'xlsx', label: 'XLSX' }, { value: 'csv', label: 'CSV' }] }],
        submitLabel: (v) => `开始 ${v.format}`,
        submit: async (_, v) => v.format,
      },
    })
    const xlsx = await screen.findByRole('radio', { name: 'XLSX' })
    expect(xlsx).toBeChecked()
    expect(xlsx).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'CSV' })).toBeChecked()
    expect(screen.getByRole('button', { name: '开始 csv' })).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(await chosen).toBe('csv')
  })
})
