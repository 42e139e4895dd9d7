import { describe, expect, it } from 'vitest'
import { CARRIER_CODES, carrierCodeText, type CarrierCode } from '@/domain/carrier-codes'
import { LOCALES } from '@/domain/constants'
import { FIGURE_WORDS, FIGURES } from '@/domain/figures'
import { withShareWords } from '@/domain/lists/column-words'
import { i18nObject } from './i18n-util'
import { loadAllLocales } from './i18n-util.sync'

/*
 * The two patterns the dictionaries keep as their own (they take parameters, so typesafe-i18n needs them literal)
 * and the server writes from the domain: a carrier code with its words, and a figure with its share.
 */
loadAllLocales()

describe('the words the server writes into files with a pattern', () => {
  it.each(LOCALES)('name a carrier code as the grid does (%s)', (locale) => {
    const LL = i18nObject(locale)
    for (const [code, key] of Object.entries(CARRIER_CODES) as [CarrierCode, (typeof CARRIER_CODES)[CarrierCode]][]) {
      expect(carrierCodeText(code, locale), code).toBe(LL.carrier.withCode({ words: LL.carrier[key](), code }))
    }
    expect(carrierCodeText('XYZ', locale)).toBe('XYZ')
    expect(carrierCodeText(null, locale)).toBe('')
  })

  it.each(LOCALES)('name a figure with its share as the grid does (%s)', (locale) => {
    const LL = i18nObject(locale)
    for (const f of FIGURES) expect(withShareWords(FIGURE_WORDS[f])[locale]).toBe(LL.lists.columns.withShare({ figure: LL.figures[f].label() }))
  })
})
