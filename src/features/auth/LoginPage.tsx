import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { claimEarlyKeys } from '@/commands'
import { logoSrc, siteSettingsQuery } from '@/api/settings'
import { Tabs } from '@/components/ui/Tabs'
import { useI18nContext } from '@/i18n/i18n-react'
import { AccountLoginForm } from './AccountLoginForm'
import { FormMessage } from '@/components/ui/FormMessage'
import { LanguageSwitch } from './LanguageSwitch'
import { RegisterForm } from './RegisterForm'
import { sessionEnd } from '@/stores/session'
import { SmsLoginForm } from './SmsLoginForm'
import { TwoFactorSetupStep } from './TwoFactorSetupStep'
import { TwoFactorStep } from './TwoFactorStep'
import type { SecondStep } from '@/domain/two-factor'

type Tab = 'account' | 'sms' | 'register'

/**
 * The sign-in page: account, SMS-code and registration tabs under the platform's own name and logo (site settings,
 * no token needed). `onSignedIn` is the router's business: where to go next.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { LL } = useI18nContext()
  const { data: site } = useQuery(siteSettingsQuery())
  const [tab, setTab] = useState<Tab>('account')
  const [notice, setNotice] = useState<string | null>(null)
  // An account with two-factor (or required to enrol in it): its password (or SMS code) was right, and the second step
  // answers this challenge.
  const [step, setStep] = useState<SecondStep | null>(null)
  // A session that ended by itself (expired, revoked, the account closed) says why, until the next sign-in.
  const [ended] = useState(sessionEnd)
  // Only the first render focuses the account field; later tab switches keep focus on the tab list.
  const [firstView, setFirstView] = useState(true)
  // A Ctrl/⌘+K pressed before this page was drawn means nothing here; sign-in keeps the next ones for the shell.
  useEffect(() => void claimEarlyKeys('palette'), [])
  const logo = logoSrc(site)
  const name = site?.client_name || LL.common.appName()

  function switchTo(next: Tab) {
    setFirstView(false)
    setNotice(null)
    setTab(next)
  }

  return (
    <div className="flex min-h-screen flex-col bg-[var(--bg)] text-[var(--text)]">
      <div className="flex justify-end p-4">{site?.show_language ? <LanguageSwitch /> : null}</div>
      <main className="flex flex-1 items-start justify-center px-4 pt-[6vh]">
        <div className="w-full max-w-sm rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6 shadow-sm">
          <header className="mb-5 flex flex-col items-center gap-2 text-center">
            {logo && <img src={logo} alt="" className="h-12 w-12 object-contain" />}
            <h1 className="text-xl font-semibold">{name}</h1>
            <p className="text-sm text-[var(--muted)]">{LL.auth.subtitle()}</p>
          </header>
          {ended && (
            <p role="status" data-testid="session-ended" className="mb-3 rounded bg-[var(--warning)]/10 px-3 py-2 text-sm text-[var(--text)]">
              {LL.auth.sessionEnded[ended]()}
            </p>
          )}
          <FormMessage text={notice} ok />
          {step?.setup ? (
            <TwoFactorSetupStep challenge={step.challenge} onSignedIn={onSignedIn} onBack={() => setStep(null)} />
          ) : step ? (
            <TwoFactorStep challenge={step.challenge} onSignedIn={onSignedIn} onBack={() => setStep(null)} />
          ) : (
          <Tabs
            label={LL.auth.title()}
            value={tab}
            onChange={switchTo}
            items={[
              { key: 'account', label: LL.auth.tabs.account() },
              { key: 'sms', label: LL.auth.tabs.sms() },
              { key: 'register', label: LL.auth.tabs.register() },
            ]}
          >
            {tab === 'account' && <AccountLoginForm onSignedIn={onSignedIn} onChallenge={setStep} autoFocus={firstView} />}
            {tab === 'sms' && <SmsLoginForm onSignedIn={onSignedIn} onChallenge={setStep} />}
            {tab === 'register' && (
              <RegisterForm
                onRegistered={(message) => {
                  switchTo('account')
                  setNotice(message)
                }}
              />
            )}
          </Tabs>
          )}
        </div>
      </main>
      <footer className="p-4 text-center text-xs text-[var(--muted)]">
        {name}
        {site?.client_website_beian ? ` · ${LL.common.recordNumber({ beian: site.client_website_beian })}` : ''}
      </footer>
    </div>
  )
}
