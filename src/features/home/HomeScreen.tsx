import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { homeKeys, homeSummaryQuery } from '@/api/home'
import { queryClient } from '@/api/query-client'
import { topMenuQuery } from '@/api/user'
import { formatShortcut } from '@/commands/shortcuts'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { DEFAULT_BALANCE } from '@/domain/constants'
import { MODULE_CATALOG } from '@/domain/menu-catalog'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { useTabs } from '@/stores/tabs'
import { HOME_LINKS } from './home-links'
import { HomeBatches } from './HomeBatches'
import { HomeFigures } from './HomeFigures'
import { Card, HomeLinkTo, Key } from './HomeParts'
import { HomeTodo } from './HomeTodo'

const label = (x: { label: string; labelEn: string }, locale: string) => (locale === 'en' ? x.labelEn || x.label : x.label)
const to = (path: string) => path as never

/**
 * /wel/index: who is signed in and the balance, then the figures of the account's scope (the platform for an
 * administrator, the enterprise with its sub-accounts for a customer, the account itself for a sub-account), the
 * latest batches, what waits and the notices, all from one request (/home/summary); the products, recent pages and keys.
 */
export function HomeScreen() {
  const { LL, locale } = useI18nContext()
  const t = LL.pages.home
  const { userInfo, authUser } = useSession()
  const topMenu = useQuery(topMenuQuery()).data
  const summary = useQuery(homeSummaryQuery())
  // userCenter is this page's own module, so it gets no card.
  const modules = (topMenu ?? []).filter((m) => m.prodAccess && m.code !== 'userCenter')
  const granted = useMemo(() => new Set(['userCenter', ...(topMenu ?? []).filter((m) => m.prodAccess).map((m) => m.code)]), [topMenu])
  const { recent } = useTabs()
  const name = userInfo?.userInfo.name || authUser?.userName || ''
  const placeholder = authUser?.balance === undefined
  const balance = formatMoney(authUser?.balance ?? DEFAULT_BALANCE, locale, 'balance')
  const userType = authUser?.userType ?? 3
  const scope = userType === 1 ? t.scope.admin() : userType === 2 ? t.scope.customer() : t.scope.sub()
  const s = summary.data

  return (
    <div data-testid="home-screen" data-user-type={userType} className="mx-auto grid max-w-6xl gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <h2 className="text-xl font-semibold">{t.welcome({ name })}</h2>
        <p className="mt-4 text-sm text-[var(--muted)]">{t.balance()}</p>
        <p className="text-3xl font-semibold text-[var(--primary)]" data-testid="home-balance">
          {balance}
          {placeholder && <span className="ml-2 text-xs font-normal text-[var(--muted)]">{t.balancePlaceholder()}</span>}
        </p>
        <p className="mt-3 flex gap-4 text-sm">
          <HomeLinkTo link={HOME_LINKS.send} granted={granted} testId="home-send-link">{t.sendSms()} →</HomeLinkTo>
          <HomeLinkTo link={HOME_LINKS.recharges} granted={granted} testId="home-recharges-link">{t.recharges()} →</HomeLinkTo>
        </p>
      </Card>
      <Card id="home-keys-title" title={t.keys()}>
        <ul className="space-y-2 text-sm">
          <li className="flex gap-2"><Key>{formatShortcut('mod+k')}</Key>{t.keyPalette()}</li>
          <li className="flex gap-2"><Key>?</Key>{t.keySheet()}</li>
        </ul>
      </Card>
      {summary.isPending && <div className="flex justify-center p-6 lg:col-span-3"><Spinner /></div>}
      {summary.isError && (
        <div role="alert" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 text-sm lg:col-span-3">
          <p className="mb-3 text-[var(--danger)]">{t.loadFailed()}</p>
          <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: homeKeys.all })}>{t.retry()}</Button>
        </div>
      )}
      {s && (
        <>
          <HomeFigures day={s.day} today={s.today} month={s.month} scope={scope} granted={granted} />
          <HomeBatches batches={s.records} showAccount={userType !== 3} granted={granted} />
          <HomeTodo s={s} userType={userType} granted={granted} />
        </>
      )}
      <Card id="home-modules-title" title={t.modules()} className="lg:col-span-2">
        {modules.length === 0 && <p className="text-sm text-[var(--muted)]">{t.noModules()}</p>}
        <ul className="grid gap-3 sm:grid-cols-2">
          {modules.map((m) => (
            <li key={m.code}>
              <Link to={to(m.path || MODULE_CATALOG[m.code].home)} data-testid={`home-module-${m.code}`}
                className="block rounded border border-[var(--border)] p-3 hover:border-[var(--primary)]">
                <span className="font-medium">{label(m, locale)}</span>
                <span className="float-right text-sm text-[var(--primary)]">{t.open()} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <Card id="home-recent-title" title={t.recent()}>
        {recent.length === 0 && <p className="text-sm text-[var(--muted)]">{t.noRecent()}</p>}
        <ul className="space-y-1 text-sm">
          {recent.map((r) => (
            <li key={r.path}>
              <Link to={to(r.path)} className="text-[var(--primary)] hover:underline">{label(r, locale)}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
