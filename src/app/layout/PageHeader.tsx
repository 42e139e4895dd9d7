import { ChevronRight } from 'lucide-react'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { breadcrumbOf, findMenuItem, type ModuleMenus } from './menu-lookup'
import { useTopMenu } from './use-shell-menus'

/**
 * The page's title with where it sits (module > group > screen), on one line above the screen. A page under a screen
 * (a template's editor under its list) shows the screen's trail only: its own heading is the page's.
 */
export function PageHeader({ menus, path }: { menus: ModuleMenus; path: string }) {
  const { LL, locale } = useI18nContext()
  const crumbs = breadcrumbOf(menus, useTopMenu(), path, locale as Locale)
  if (!crumbs) return null
  if (!findMenuItem(menus, path)) {
    return (
      <nav aria-label={LL.shell.breadcrumb()} data-testid="page-trail" className="mb-1 flex items-center">
        <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-[var(--muted)]">
          {crumbs.map((c, i) => (
            <li key={i} className="inline-flex items-center gap-1">
              {c}
              <ChevronRight aria-hidden size={14} />
            </li>
          ))}
        </ol>
      </nav>
    )
  }
  const title = crumbs[crumbs.length - 1]
  return (
    <nav aria-label={LL.shell.breadcrumb()} data-testid="page-header" className="mb-3 flex items-center">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-[var(--muted)]">
        {crumbs.slice(0, -1).map((c, i) => (
          <li key={i} className="inline-flex items-center gap-1">
            {c}
            <ChevronRight aria-hidden size={14} />
          </li>
        ))}
        <li aria-current="page">
          <h1 className="text-base font-semibold text-[var(--text)]">{title}</h1>
        </li>
      </ol>
    </nav>
  )
}
