import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { topMenuQuery } from '@/api/user'
import { formatShortcut } from '@/commands/shortcuts'
import { DEFAULT_BALANCE } from '@/domain/constants'
import { MODULE_CATALOG } from '@/domain/menu-catalog'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { useTabs } from '@/stores/tabs'

const label = (x: { label: string; labelEn: string }, locale: string) => (locale === 'en' ? x.labelEn || x.label : x.label)
// Menu paths are server data the typed route tree cannot know; the router's splat route resolves them.
const to = (path: string) => path as never

/** /wel/index: who is signed in, the balance, the granted products, recent pages and the keys that matter. */
export function HomeScreen() {
  const { LL, locale } = useI18nContext()
  const { userInfo, authUser } = useSession()
  // userCenter is this page's own module, so it gets no card.
  const modules = (useQuery(topMenuQuery()).data ?? []).filter((m) => m.prodAccess && m.code !== 'userCenter')
  const { recent } = useTabs()
  const name = userInfo?.userInfo.name || authUser?.userName || ''
  const placeholder = authUser?.balance === undefined
  const balance = formatMoney(authUser?.balance ?? DEFAULT_BALANCE, locale, 'balance')

  return (
    <div data-testid="home-screen" className="mx-auto grid max-w-5xl gap-4 md:grid-cols-3">
      <Card className="md:col-span-2">
        <h2 className="text-xl font-semibold">{LL.pages.home.welcome({ name })}</h2>
        <p className="mt-4 text-sm text-[var(--muted)]">{LL.pages.home.balance()}</p>
        <p className="text-3xl font-semibold text-[var(--primary)]" data-testid="home-balance">
          {balance}
          {placeholder && <span className="ml-2 text-xs font-normal text-[var(--muted)]">{LL.pages.home.balancePlaceholder()}</span>}
        </p>
      </Card>
      <Card title={LL.pages.home.keys()}>
        <ul className="space-y-2 text-sm">
          <li className="flex gap-2"><Key>{formatShortcut('mod+k')}</Key>{LL.pages.home.keyPalette()}</li>
          <li className="flex gap-2"><Key>?</Key>{LL.pages.home.keySheet()}</li>
        </ul>
      </Card>
      <Card title={LL.pages.home.modules()} className="md:col-span-2">
        {modules.length === 0 && <p className="text-sm text-[var(--muted)]">{LL.pages.home.noModules()}</p>}
        <ul className="grid gap-3 sm:grid-cols-2">
          {modules.map((m) => (
            <li key={m.code}>
              <Link to={to(m.path || MODULE_CATALOG[m.code].home)} data-testid={`home-module-${m.code}`}
                className="block rounded border border-[var(--border)] p-3 hover:border-[var(--primary)]">
                <span className="font-medium">{label(m, locale)}</span>
                <span className="float-right text-sm text-[var(--primary)]">{LL.pages.home.open()} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={LL.pages.home.recent()}>
        {recent.length === 0 && <p className="text-sm text-[var(--muted)]">{LL.pages.home.noRecent()}</p>}
        <ul className="space-y-1 text-sm">
          {recent.map((t) => (
            <li key={t.path}>
              <Link to={to(t.path)} className="text-[var(--primary)] hover:underline">{label(t, locale)}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}

function Card({ title, className = '', children }: { title?: string; className?: string; children: ReactNode }) {
  return (
    <section className={`rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 ${className}`}>
      {title && <h2 className="mb-3 font-semibold">{title}</h2>}
      {children}
    </section>
  )
}

const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="h-fit shrink-0 rounded border border-[var(--border)] bg-[var(--surface-2)] px-1.5 text-xs">{children}</kbd>
)
