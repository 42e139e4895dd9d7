import { Navigate, useParams } from '@tanstack/react-router'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { findMenuItem, menuLabel } from '../layout/menu-lookup'
import { useGrantedMenus } from '../layout/use-shell-menus'
import { SCREENS } from './registry'

/**
 * Menu paths from the server. Unknown paths go to /404 (spec section 2). A known screen outside this user's menus
 * (another role's item, or a module not granted) goes to /403 once the menus are in, so a typed URL cannot
 * bypass the role filter the sidebar applies.
 */
export function MenuScreen() {
  const { locale } = useI18nContext()
  // The matched splat, not the location: while a redirect is pending the location already names the target
  // (/403), and reading it would send this screen on to /404.
  const path = `/${useParams({ strict: false })._splat ?? ''}`
  const { menus, ready } = useGrantedMenus()
  const screen = SCREENS.get(path)
  if (!screen) return <Navigate to="/404" replace />
  const hit = findMenuItem(menus, path)
  if (ready && !hit) return <Navigate to="/403" replace />
  const { Screen, entry } = screen
  return <Screen path={path} title={menuLabel(hit?.item ?? entry, locale as Locale)} />
}
