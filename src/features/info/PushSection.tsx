import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { isApiError } from '@/api/http'
import { clearPushUrl, modifyPushUrl, pushKeys, pushSettingQuery } from '@/api/push'
import { Button } from '@/components/ui/Button'
import { confirm } from '@/components/ui/confirm'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { toast } from '@/components/ui/toast'
import { pushUrlModifySchema, type PushUrlModify } from '@/domain/push'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * The report push address (spec section 5: it must be filled; a change is confirmed first). Checked with the
 * schema the server uses; the server's own refusal (a private address) is shown under the field.
 */
export function PushSection() {
  const { LL } = useI18nContext()
  const t = LL.push
  const qc = useQueryClient()
  const { data } = useQuery(pushSettingQuery())
  const current = data?.push_url ?? ''
  const [clearing, setClearing] = useState(false)

  const saved = async (msg: string) => {
    await qc.invalidateQueries({ queryKey: pushKeys.all })
    return msg
  }

  const spec: FormSpec<'push_url', PushUrlModify> = {
    id: 'push',
    schema: pushUrlModifySchema,
    fields: [{
      name: 'push_url', label: t.address(), kind: 'url', placeholder: 'https://example.com/sms/report',
      message: (issue) => (issue.message === 'required' ? t.required() : issue.message === 'tooLong' ? t.tooLong() : t.invalid()),
    }],
    initial: { push_url: current },
    keepValues: true,
    // The server's own refusal (a private address) is shown under the field.
    errorField: 'push_url',
    submitLabel: t.save(),
    submitTestId: 'push-save',
    submit: async ({ push_url: url }) => {
      if (url === current) return
      if (!(await confirm({ title: t.confirmTitle(), message: current ? t.confirmChange({ from: current, to: url }) : t.confirmSet({ to: url }), confirmLabel: t.save() }))) return
      return saved(await modifyPushUrl(url))
    },
  }

  const clear = async () => {
    if (!(await confirm({ title: t.clearTitle(), message: t.confirmClear({ from: current }), danger: true, confirmLabel: t.clear() }))) return
    setClearing(true)
    try {
      toast.success(await saved(await clearPushUrl()))
    } catch (e) {
      if (!isApiError(e)) throw e
    } finally {
      setClearing(false)
    }
  }

  return (
    <section data-testid="push-section" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h2 className="mb-1 text-lg font-semibold">{t.title()}</h2>
      <p className="mb-4 text-sm text-[var(--muted)]">{t.intro()}</p>
      <p className="mb-3 text-sm" data-testid="push-current">
        {current ? t.current({ url: current }) : t.none()}
      </p>
      {/* The field starts from the saved address once it has come, and again after a save or a clear changes it. */}
      <DeclaredForm
        key={current}
        spec={spec}
        actions={
          <>
            {current && <Button variant="secondary" busy={clearing} onClick={() => void clear()} data-testid="push-clear">{t.clear()}</Button>}
            <Link to="/$" params={{ _splat: 'info/push-log' }} className="text-sm text-[var(--primary)] hover:underline">{t.logLink()}</Link>
          </>
        }
      />
      <p className="mt-3 text-xs text-[var(--muted)]">{t.signatureHint()}</p>
    </section>
  )
}
