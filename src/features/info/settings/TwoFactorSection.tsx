import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { beginTwoFactor, disableTwoFactor, enableTwoFactor, saveTwoFactorPolicy, twoFactorPolicyQuery, twoFactorStatusQuery } from '@/api/two-factor'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { DeclaredForm, openFormDialog, type FormSpec } from '@/components/ui/DeclaredForm'
import { mountDialog } from '@/components/ui/mount-dialog'
import { toast } from '@/components/ui/toast'
import { groupedSecret, RECOVERY_CODE_COUNT } from '@/domain/two-factor'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import type { TranslationFunctions } from '@/i18n/i18n-types'

type LL = TranslationFunctions

/**
 * Two-factor sign-in (TOTP): off, it is turned on by scanning a key (or typing it) into an authenticator app and
 * confirming with the app's first code, after which the ten recovery codes are shown once; on, it says how many
 * recovery codes are left and is turned off with the password and a code.
 */
export function TwoFactorSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.twoFactor
  const status = useQuery(twoFactorStatusQuery()).data
  const [busy, setBusy] = useState(false)

  const turnOn = async () => {
    setBusy(true)
    try {
      const key = await beginTwoFactor().catch((e: unknown) => {
        toast.error((e as Error).message)
        return null
      })
      if (!key) return
      let codes: string[] = []
      const msg = await openFormDialog({
        title: t.enableTitle(), intro: t.scanIntro(), saveTestId: 'two-factor-enable-save',
        lead: (
          <div className="mb-3 flex items-start gap-4" data-testid="two-factor-key">
            <img src={`data:image/svg+xml;utf8,${encodeURIComponent(key.qr_svg)}`} alt={t.qrAlt()} className="h-40 w-40 shrink-0 rounded border border-[var(--border)] bg-white" />
            <div className="min-w-0 text-sm">
              <p className="mb-1 text-[var(--muted)]">{t.keyText()}</p>
              <code data-testid="two-factor-secret" className="block rounded bg-[var(--surface-2)] px-2 py-1 font-mono break-all select-all">{groupedSecret(key.secret)}</code>
            </div>
          </div>
        ),
        spec: {
          id: 'two-factor-enable',
          fields: [{ name: 'code', label: t.code(), hint: t.codeHint(), inputMode: 'numeric', autoComplete: 'one-time-code', schema: z.string().trim().min(1), message: t.codeRequired() }],
          submitLabel: t.enable(),
          submit: async (_, { code }) => {
            const done = await enableTwoFactor(code.trim())
            codes = done.codes
            return done.msg
          },
        },
      })
      if (msg) {
        toast.success(msg)
        showRecoveryCodes(LL, codes)
      }
    } finally {
      setBusy(false)
    }
  }

  const turnOff = async () => {
    const msg = await openFormDialog({
      title: t.disableTitle(), intro: t.disableIntro(), saveTestId: 'two-factor-disable-save',
      spec: {
        id: 'two-factor-disable',
        fields: [
          { name: 'password', label: t.password(), kind: 'password', autoComplete: 'current-password', schema: z.string().min(1), message: t.passwordRequired() },
          { name: 'code', label: t.code(), hint: t.disableCodeHint(), autoComplete: 'one-time-code', schema: z.string().trim().min(1), message: t.codeRequired() },
        ],
        submitLabel: t.disable(),
        submit: (_, { password, code }) => disableTwoFactor(password, code.trim()),
      },
    })
    if (msg) toast.success(msg)
  }

  return (
    <div data-testid="two-factor-section">
      <p className="mb-3 text-sm text-[var(--muted)]">{t.intro()}</p>
      <p className="mb-3 text-sm" role="status" data-testid="two-factor-status">
        {status ? (status.enabled ? t.on({ left: status.recovery_left }) : t.off()) : ''}
      </p>
      {status?.enabled ? (
        <Button variant="danger" onClick={() => void turnOff()} data-testid="two-factor-disable">{t.disable()}</Button>
      ) : (
        <Button onClick={() => void turnOn()} busy={busy} disabled={!status} data-testid="two-factor-enable">{t.enable()}</Button>
      )}
      <TwoFactorPolicy />
    </div>
  )
}

/**
 * Whether two-factor is required: of its sub-accounts (an enterprise) or of every administrator (an administrator).
 * A sub-account has no such choice. The server ends the sessions it applies to and refuses an administrator's
 * requirement while their own two-factor is off (its words under the form).
 */
function TwoFactorPolicy() {
  const { LL } = useI18nContext()
  const t = LL.settings.twoFactor
  const { authUser } = useSession()
  const policy = useQuery({ ...twoFactorPolicyQuery(), enabled: !!authUser && authUser.userType !== 3 }).data
  if (!policy) return null
  const admins = policy.scope === 'administrators'
  const spec: FormSpec<'required'> = {
    id: 'two-factor-policy',
    keepValues: true,
    initial: { required: policy.required ? '1' : '0' },
    fields: [{
      name: 'required', label: admins ? t.policyLabelAdmins() : t.policyLabelSubs(), kind: 'radio',
      options: [{ value: '0', label: t.policyOff() }, { value: '1', label: t.policyOn() }],
    }],
    submitLabel: t.policySave(),
    submit: (_, { required }) => saveTwoFactorPolicy(required === '1'),
  }
  return (
    <div className="mt-5 border-t border-[var(--border)] pt-4" data-testid="two-factor-policy-section">
      <h3 className="mb-1 text-sm font-medium">{t.policyTitle()}</h3>
      <p className="mb-3 text-sm text-[var(--muted)]">{admins ? t.policyIntroAdmins() : t.policyIntroSubs()}</p>
      <DeclaredForm spec={spec} />
    </div>
  )
}

/** The recovery codes, this once: to copy or write down before the dialog closes. */
function showRecoveryCodes(LL: LL, codes: string[]) {
  const t = LL.settings.twoFactor
  const copy = () => navigator.clipboard.writeText(codes.join('\n')).then(() => toast.success(t.copied()), () => toast.error(t.copyFailed()))
  mountDialog((close) => (
    <Dialog open onOpenChange={(o) => !o && close()} title={t.recoveryTitle()} description={t.recoveryIntro({ count: RECOVERY_CODE_COUNT })}
      footer={
        <>
          <Button variant="secondary" onClick={() => void copy()} data-testid="two-factor-copy">{t.copy()}</Button>
          <Button onClick={close} autoFocus data-testid="two-factor-codes-done">{t.saved()}</Button>
        </>
      }>
      <ol data-testid="two-factor-recovery" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm select-all">
        {codes.map((c) => <li key={c}>{c}</li>)}
      </ol>
    </Dialog>
  ))
}
