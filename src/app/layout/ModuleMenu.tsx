import { toast } from '@/components/ui/toast'
import type { Locale } from '@/domain/constants'
import { MODULE_CATALOG } from '@/domain/menu-catalog'
import { useI18nContext } from '@/i18n/i18n-react'
import { menuLabel } from './menu-lookup'
import type { Go } from './shell-actions'
import { Icon } from './icons'
import { MenuIcon } from './menu-icons'
import { useActiveModule, useTopMenu } from './use-shell-menus'

/** The product (module) menu of /user/getTopMenu. A module without prodAccess warns and stays shut (spec 1). */
export function ModuleMenu({ go }: { go: Go }) {
  const { LL, locale } = useI18nContext()
  const modules = useTopMenu()
  const active = useActiveModule()

  return (
    <nav aria-label={LL.shell.modules()} className="flex min-w-0 items-stretch gap-0.5 overflow-x-auto">
      {modules.map((m) => {
        const current = m.code === active
        return (
          <button
            key={m.code}
            type="button"
            data-testid={`module-${m.code}`}
            aria-current={current ? 'page' : undefined}
            // Not aria-disabled: the click must still reach the handler, which explains why the module is shut.
            data-granted={m.prodAccess}
            title={m.prodAccess ? undefined : LL.shell.productNotActivated()}
            onClick={() =>
              m.prodAccess ? go(m.path || MODULE_CATALOG[m.code].home) : toast.warning(LL.shell.productNotActivated())
            }
            className={`h-12 shrink-0 border-b-2 px-3 text-sm whitespace-nowrap text-[var(--topbar-text)] hover:bg-black/10
              ${current ? 'border-[var(--topbar-accent,var(--primary))] font-semibold' : 'border-transparent'}`}
          >
            {/* A product not activated keeps its text's contrast (a faded word fails WCAG AA): a lock marks it. */}
            <span className="inline-flex items-center gap-1.5">
              <MenuIcon name={MODULE_CATALOG[m.code].icon} />
              {menuLabel(m, locale as Locale)}
              {!m.prodAccess && <Icon name="lock" size={14} />}
            </span>
          </button>
        )
      })}
    </nav>
  )
}
