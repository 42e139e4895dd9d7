import { Link } from '@tanstack/react-router'
import type { HomeSummary } from '@/domain/home'
import { formatDateTime } from '@/domain/date-time'
import { useI18nContext } from '@/i18n/i18n-react'
import { HOME_LINKS } from './home-links'
import { Card, HomeLinkTo } from './HomeParts'

/** The review queue of each template kind, shown for the products the account has. */
const WAITING = [
  { kind: 'content', label: 'pendingTemplates', link: 'pendingContentTemplates' },
  { kind: 'video', label: 'pendingVideoTemplates', link: 'pendingVideoTemplates' },
  { kind: 'csp', label: 'pendingCspTemplates', link: 'pendingCspTemplates' },
] as const

/** What waits for the user: templates in review (the administrator's queue), customers, and the latest notices. */
export function HomeTodo({ s, userType, granted }: { s: HomeSummary; userType: number; granted: ReadonlySet<string> }) {
  const { LL } = useI18nContext()
  const t = LL.pages.home
  const row = 'flex items-baseline justify-between gap-3 text-sm [&>a]:whitespace-nowrap'
  return (
    <div className="flex flex-col gap-4">
      <Card id="home-todo-title" title={t.todo()} testId="home-todo">
        <ul className="space-y-2">
          {WAITING.filter((w) => granted.has(HOME_LINKS[w.link].module)).map((w) => (
            <li key={w.kind} className={row}>
              <span>{t[w.label]()}</span>
              <HomeLinkTo link={HOME_LINKS[w.link]} granted={granted} testId={`home-templates-link-${w.kind}`} className="tabular-nums">
                <span data-testid={`home-pending-templates-${w.kind}`}>{s.pendingTemplates[w.kind]}</span> · {userType === 1 ? t.reviewTemplates() : t.viewTemplates()}
              </HomeLinkTo>
            </li>
          ))}
          {s.customers !== null && (
            <li className={row}>
              <span>{t.customers()}</span>
              <HomeLinkTo link={HOME_LINKS.customers} granted={granted} testId="home-customers-link" className="tabular-nums">
                <span data-testid="home-customers">{s.customers}</span> · {t.manageCustomers()}
              </HomeLinkTo>
            </li>
          )}
          {userType === 2 && (
            <li className={row}><span /><HomeLinkTo link={HOME_LINKS.subAccounts} granted={granted} testId="home-subaccounts-link">{t.subAccounts()} →</HomeLinkTo></li>
          )}
        </ul>
      </Card>
      <Card id="home-notices-title" testId="home-notices"
        title={<span className="flex items-baseline justify-between">{t.notices()}
          {s.unreadNotices > 0 && <span className="text-sm font-normal text-[var(--muted)]">{t.unread({ n: s.unreadNotices })}</span>}</span>}>
        {s.notices.length === 0 ? <p className="text-sm text-[var(--muted)]">{t.noNotices()}</p> : (
          <ul className="space-y-2 text-sm">
            {s.notices.map((n) => (
              <li key={n.id} data-testid="home-notice">
                {!n.read && <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-[var(--danger)]" role="img" aria-label={t.unreadMark()} />}
                {n.link
                  ? <Link to={n.link as never} className="text-[var(--primary)] hover:underline">{n.title}</Link>
                  : <span className="font-medium">{n.title}</span>}
                <div className="text-xs text-[var(--muted)] tabular-nums">{formatDateTime(n.createdAt)}</div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
