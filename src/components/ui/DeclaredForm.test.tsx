import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { api } from '@/api/http'
import { memberFieldsShape } from '@/domain/address-book-write'
import { stubApi, type StubAnswer } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { DeclaredForm, openFormDialog, type FormSpec } from './DeclaredForm'
import { Toaster } from './toast'

type Field = 'name' | 'mobile' | 'remark'

/** A contact form as the address book declares it: the shared schema the server parses with, one POST. */
const contactSpec = (): FormSpec<Field> => ({
  id: 'contact',
  fields: [
    { name: 'name', label: '姓名' },
    { name: 'mobile', label: '手机号码', kind: 'tel' },
    { name: 'remark', label: '备注', kind: 'textarea' },
  ],
  schema: z.object({ name: memberFieldsShape.name, mobile: memberFieldsShape.mobile, remark: memberFieldsShape.remark }) as never,
  submit: async (data) => {
    await api('/test/contacts/add', data)
    return '添加成功'
  },
  submitLabel: '添加联系人',
})

let server: ReturnType<typeof stubApi>
let answer: () => StubAnswer | Promise<StubAnswer>

beforeEach(() => {
  answer = () => null
  server = stubApi({ 'POST /api/test/contacts/add': () => answer() })
})

function renderForm(spec = contactSpec()) {
  const user = userEvent.setup({ delay: null })
  renderWithProviders(
    <>
      <DeclaredForm spec={spec} />
      <Toaster />
    </>,
  )
  const field = (label: string) => screen.getByLabelText(label)
  const submitButton = () => screen.getByRole('button', { name: /添加联系人/ })
  return { user, field, submitButton }
}

const sent = () => server.to('POST /api/test/contacts/add').map((c) => c.body)
/** The words shown as the field's error: its own aria-describedby line. */
const errorOf = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? '') : ''
}

describe('DeclaredForm', () => {
  it('checks the fields with the shared schema before sending: errors on the fields, focus on the first bad one', async () => {
    const { user, field, submitButton } = renderForm()
    await user.click(submitButton())
    expect(sent()).toEqual([])
    expect(field('姓名')).toHaveAttribute('aria-invalid', 'true')
    expect(errorOf(field('姓名'))).toBe('此项不能为空')
    expect(errorOf(field('手机号码'))).toBe('手机号不能为空')
    expect(field('姓名')).toHaveFocus()

    await user.type(field('姓名'), '张三')
    // Typing into a refused field takes its error away.
    expect(field('姓名')).not.toHaveAttribute('aria-invalid')
    await user.type(field('手机号码'), '1380013')
    await user.click(submitButton())
    expect(sent()).toEqual([])
    expect(errorOf(field('手机号码'))).toBe('手机号长度应为 11 位')
    expect(field('手机号码')).toHaveFocus()
  })

  it('asks its declared question before sending: declined sends nothing and keeps what was typed, confirmed sends', async () => {
    const { user, field, submitButton } = renderForm({
      ...contactSpec(),
      confirm: (data, v) => ({ message: `添加 ${v.name}（${(data as { mobile: string }).mobile}）？`, confirmLabel: '确认添加' }),
    })
    await user.type(field('姓名'), '张三')
    await user.type(field('手机号码'), '13800138000')
    await user.click(submitButton())
    const question = await screen.findByRole('dialog')
    expect(question).toHaveTextContent('添加 张三（13800138000）？')
    await user.click(within(question).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent()).toEqual([])
    expect(field('姓名')).toHaveValue('张三')

    await user.click(submitButton())
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认添加' }))
    await waitFor(() => expect(sent()).toEqual([{ name: '张三', mobile: '13800138000', remark: '' }]))
  })

  it('sends the parsed values, shows the success words and starts again empty', async () => {
    const { user, field, submitButton } = renderForm()
    await user.type(field('姓名'), '  张三 ')
    await user.type(field('手机号码'), '13800138000')
    await user.click(submitButton())
    // The schema's output is sent (trimmed name, the remark's default), not the raw strings.
    await waitFor(() => expect(sent()).toEqual([{ name: '张三', mobile: '13800138000', remark: '' }]))
    expect(await screen.findByText('添加成功')).toBeInTheDocument()
    await waitFor(() => expect(field('姓名')).toHaveValue(''))
  })

  it("marks the fields a server's 400 names in data.fields, worded by the console, and keeps what was typed", async () => {
    answer = () => ({ status: 400, body: { code: 400, msg: '该联系人已存在', data: { fields: { mobile: 'mobileFormat', name: 'duplicate' } } } })
    const { user, field, submitButton } = renderForm()
    await user.type(field('姓名'), '张三')
    await user.type(field('手机号码'), '13800138000')
    await user.click(submitButton())
    await waitFor(() => expect(field('手机号码')).toHaveAttribute('aria-invalid', 'true'))
    // An ErrorKey is worded by LL.errors; any other key stands for the server's own message.
    expect(errorOf(field('手机号码'))).toBe('手机号格式不正确')
    expect(errorOf(field('姓名'))).toBe('该联系人已存在')
    expect(field('姓名')).toHaveFocus()
    expect(field('姓名')).toHaveValue('张三')
    expect(field('手机号码')).toHaveValue('13800138000')
  })

  it('shows a refusal that names no field under the form', async () => {
    answer = () => ({ status: 400, body: { code: 400, msg: '通讯录已满', data: null } })
    const { user, field, submitButton } = renderForm()
    await user.type(field('姓名'), '张三')
    await user.type(field('手机号码'), '13800138000')
    await user.click(submitButton())
    const form = screen.getByTestId('contact')
    await waitFor(() => expect(form).toHaveTextContent('通讯录已满'))
    expect(field('姓名')).not.toHaveAttribute('aria-invalid')
    expect(field('手机号码')).not.toHaveAttribute('aria-invalid')
  })

  it('submits on Enter in a one-line field and on Ctrl+Enter in a text area, not on a plain Enter there', async () => {
    const { user, field } = renderForm()
    await user.type(field('姓名'), '张三')
    await user.type(field('手机号码'), '13800138000{Enter}')
    await waitFor(() => expect(sent()).toHaveLength(1))

    await user.type(field('姓名'), '李四')
    await user.type(field('手机号码'), '13900139000')
    await user.type(field('备注'), '第一行{Enter}第二行')
    expect(field('备注')).toHaveValue('第一行\n第二行')
    expect(sent()).toHaveLength(1)
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(sent()).toHaveLength(2))
    expect(sent()[1]).toEqual({ name: '李四', mobile: '13900139000', remark: '第一行\n第二行' })
  })

  it('is busy while the call runs: the button says so, and a second submit sends nothing more', async () => {
    let release: (a: StubAnswer) => void = () => {}
    answer = () => new Promise((r) => (release = r))
    const { user, field, submitButton } = renderForm()
    await user.type(field('姓名'), '张三')
    await user.type(field('手机号码'), '13800138000')
    await user.click(submitButton())
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'))
    await user.click(submitButton())
    await user.type(field('手机号码'), '{Enter}')
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(sent()).toHaveLength(1)
    release(null)
    await waitFor(() => expect(submitButton()).not.toHaveAttribute('aria-busy'))
    expect(sent()).toHaveLength(1)
  })
})

describe('DeclaredForm in a dialog (openFormDialog)', () => {
  function open() {
    const user = userEvent.setup({ delay: null })
    let result: string | void | undefined
    let settled = false
    void openFormDialog({ spec: contactSpec(), title: '新增联系人', saveTestId: 'contact-save' }).then((r) => {
      result = r
      settled = true
    })
    return { user, outcome: () => ({ settled, result }) }
  }

  it('has the first field focused; Enter with a refused field keeps it open, Enter once valid saves and closes with the words', async () => {
    const { user, outcome } = open()
    const dialog = await screen.findByRole('dialog', { name: '新增联系人' })
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveFocus())
    await user.keyboard('张三{Enter}')
    expect(sent()).toEqual([])
    expect(errorOf(screen.getByLabelText('手机号码'))).toBe('手机号不能为空')
    expect(screen.getByLabelText('手机号码')).toHaveFocus()
    expect(dialog).toBeInTheDocument()
    await user.keyboard('13800138000{Enter}')
    await waitFor(() => expect(outcome()).toEqual({ settled: true, result: '添加成功' }))
    expect(sent()).toEqual([{ name: '张三', mobile: '13800138000', remark: '' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('gives the focus to the declared first field (the one typed first), not the first drawn', async () => {
    const user = userEvent.setup({ delay: null })
    void openFormDialog({ spec: { ...contactSpec(), focus: 'mobile' }, title: '新增联系人', saveTestId: 'contact-save' })
    await screen.findByRole('dialog', { name: '新增联系人' })
    await waitFor(() => expect(screen.getByLabelText('手机号码')).toHaveFocus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('saves on Ctrl+Enter in the text area, where a plain Enter is a new line', async () => {
    const { user, outcome } = open()
    await screen.findByRole('dialog')
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveFocus())
    await user.keyboard('张三')
    await user.type(screen.getByLabelText('手机号码'), '13800138000')
    await user.type(screen.getByLabelText('备注'), '甲{Enter}乙')
    expect(sent()).toEqual([])
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(outcome().settled).toBe(true))
    expect(sent()).toEqual([{ name: '张三', mobile: '13800138000', remark: '甲\n乙' }])
  })

  it('keeps the dialog open with the fields a 400 names, and cancelling resolves with nothing', async () => {
    answer = () => ({ status: 400, body: { code: 400, msg: '号码已在通讯录中', data: { fields: { mobile: 'duplicate' } } } })
    const { user, outcome } = open()
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveFocus())
    await user.keyboard('张三')
    await user.type(screen.getByLabelText('手机号码'), '13800138000')
    await user.click(screen.getByTestId('contact-save'))
    await waitFor(() => expect(errorOf(screen.getByLabelText('手机号码'))).toBe('号码已在通讯录中'))
    expect(screen.getByLabelText('手机号码')).toHaveFocus()
    expect(outcome().settled).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(outcome()).toEqual({ settled: true, result: undefined }))
    expect(sent()).toHaveLength(1)
  })
})
