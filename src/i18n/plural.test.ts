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
  it('the shell, send confirmation and materials', () => {
    expect(en.shell.uploadConfirm({ count: 1 })).toBe('Upload 1 error log entry to the server?')
    expect(en.shell.uploadConfirm({ count: 3 })).toBe('Upload 3 error log entries to the server?')
    expect(en.send.groups.selected({ groups: 1, members: 2 })).toBe('1 group chosen, 2 members')
    expect(en.send.groups.selected({ groups: 2, members: 1 })).toBe('2 groups chosen, 1 member')
    expect(en.send.confirm.sendCount({ count: '1' })).toBe('Send to 1 number')
    expect(en.send.confirm.sendCount({ count: '1,234' })).toBe('Send to 1,234 numbers')
    expect(en.materials.picker.hidden({ count: 1 })).toBe('1 material of this account exceeds the limits here and is not listed')
    expect(en.materials.picker.hidden({ count: 4 })).toBe('4 materials of this account exceed the limits here and are not listed')
  })
  it('Chinese keeps one form', () => {
    expect(zh.send.content.messagesPerNumber({ count: 1 })).toBe(zh.send.content.messagesPerNumber({ count: 2 }).replace('2', '1'))
  })
})
