import { i18nObject } from '@/i18n/i18n-util'
import { loadLocale } from '@/i18n/i18n-util.sync'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { getLocale } from '@/stores/prefs'

/**
 * Translated words outside React (the HTTP client's toasts run in no component). The dictionaries are loaded
 * synchronously: they are small and the client may need them before the React provider mounts.
 */
export function words(): TranslationFunctions {
  const locale = getLocale()
  loadLocale(locale)
  return i18nObject(locale)
}
