import type { FormattersInitializer } from 'typesafe-i18n'
import type { Formatters, Locales } from './i18n-types'

// No custom formatters yet: dates and numbers are formatted with date-fns and Intl where they are shown.
export const initFormatters: FormattersInitializer<Locales, Formatters> = () => ({})
