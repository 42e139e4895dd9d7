import type { FormattersInitializer } from 'typesafe-i18n'
import { formatCount } from '../domain/count-format'
import type { Formatters, Locales } from './i18n-types'

/** `{n:number|count}` in a dictionary writes the count as the grid does ("105,000"); dates go through date-fns. */
export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale) => ({
  count: (n: number) => formatCount(n, locale),
})
