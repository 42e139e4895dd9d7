import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { menuItemClass, menuPanelClass, toolButtonClass } from './icons'
import { confirmLogout, openFeedback, type Go } from './shell-actions'

/** Avatar, name and the user dropdown of spec section 2: account setting and log-out (with confirmation). */
export function UserMenu({ go }: { go: Go }) {
  const { LL } = useI18nContext()
  const { userInfo } = useSession()
  const name = userInfo?.userInfo.name || userInfo?.userInfo.authUser.userName || ''
  const avatar = userInfo?.userInfo.avatar

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={`${toolButtonClass} gap-2`} aria-label={name ? `${LL.shell.userMenu()}: ${name}` : LL.shell.userMenu()}
        data-testid="user-menu">
        {avatar ? (
          <img src={avatar} alt="" className="h-7 w-7 rounded-full object-cover" />
        ) : (
          // The initial is drawn by CSS, not text: the button's name is the user's name, once. The disc is the bar's
          // accent (a primary disc vanished on a primary bar) and the initial is cut out in the bar's own colour.
          <span aria-hidden data-initial={name.slice(0, 1).toUpperCase()} data-testid="user-avatar"
            className="flex h-7 w-7 items-center justify-center rounded-full bg-[var(--topbar-accent,var(--primary))] text-xs text-[var(--topbar-bg)]
              before:content-[attr(data-initial)]" />
        )}
        <span className="hidden max-w-32 truncate text-sm md:inline" data-testid="user-name">{name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanelClass}>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => go('/info/index')}>
            {LL.shell.personalInfo()}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} data-testid="user-menu-setting" onSelect={() => go('/info/setting')}>
            {LL.shell.accountSetting()}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void openFeedback(LL)}>
            {LL.shell.feedback()}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
          <DropdownMenu.Item className={menuItemClass} data-testid="user-menu-logout" onSelect={() => void confirmLogout(LL, go)}>
            {LL.common.logout()}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
