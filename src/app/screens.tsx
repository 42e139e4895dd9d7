/**
 * The screens the router binds (src/app/router.tsx loads this module lazily, so none of it reaches the login page).
 * Fixed routes map to their feature screens; every other menu path goes through MenuScreen and the registry.
 */
export { HomeScreen } from '@/features/home/HomeScreen'
export { InfoScreen } from '@/features/info/InfoScreen'
export { SettingScreen } from '@/features/info/SettingScreen'
export { IframeScreen } from './screens/IframeScreen'
export { MenuScreen } from './screens/MenuScreen'
export { preloadScreen } from './screens/registry'
export { TemplateRoute } from './screens/TemplateRoute'
export { BatchRoute } from './screens/BatchRoute'
