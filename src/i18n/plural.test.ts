import { describe, expect, it } from 'vitest'
import { i18nObject } from './i18n-util'
import { loadAllLocales } from './i18n-util.sync'

loadAllLocales()

describe('English counts agree with their number; Chinese has no plural', () => {
  const en = i18nObject('en')
  const zh = i18nObject('zh-CN')
  it.each([
    [1, '1 message per number', '1 character', '1 duplicate'],
    [2, '2 messages per number', '2 characters', '2 duplicates'],
    [0, '0 messages per number', '0 characters', '0 duplicates'],
  ])('%d', (count, messages, chars, duplicates) => {
    expect(en.send.content.messagesPerNumber({ count })).toBe(messages)
    expect(en.send.content.chars({ count })).toBe(chars)
    expect(en.send.numbers.duplicates({ count })).toBe(duplicates)
  })
  it('the invalid lines download', () => {
    expect(en.send.numbers.downloadInvalid({ count: 1 })).toBe('Download all 1 invalid line')
    expect(en.send.numbers.downloadInvalid({ count: 3001 })).toBe('Download all 3,001 invalid lines')
    expect(zh.send.numbers.downloadInvalid({ count: 3001 })).toBe('下载全部 3,001 条无效行')
  })
  it('grid figures too', () => {
    expect(en.grid.exported({ rows: 1 })).toBe('Exported 1 row')
    expect(en.grid.exported({ rows: 5000 })).toBe('Exported 5,000 rows')
  })
  it('Chinese keeps one form', () => {
    expect(zh.send.content.messagesPerNumber({ count: 1 })).toBe(zh.send.content.messagesPerNumber({ count: 2 }).replace('2', '1'))
  })
})
