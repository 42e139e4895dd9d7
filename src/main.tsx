import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setNavigator } from '@/api/navigation'
import { startSessionRefresh } from '@/api/refresh'
import { START_THEME } from '@/domain/constants'
import { loadLocale } from '@/i18n/i18n-util.sync'
import { installErrorCapture } from '@/stores/error-log'
import { getLocale, setTheme } from '@/stores/prefs'
import { AppProviders } from './app/providers'
import { router } from './app/router'
import './styles.css'

// Errors during start-up belong in the local error log too, so capture comes first.
installErrorCapture()

// One locale per page load: switching language reloads (spec section 2), so only that dictionary is loaded.
const locale = getLocale()
loadLocale(locale)
document.documentElement.lang = locale
// Spec section 2: the white theme is forced on every start, whatever was chosen before.
setTheme(START_THEME)

setNavigator((to, search) => void router.navigate({ to, search, replace: true }))
startSessionRefresh()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders locale={locale}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
