import { beforeAll, describe, expect, it } from 'vitest'
import { loadPinyin, pinyinReady, scoreCommand } from './match'

const sent = { label: '发送记录', keywords: ['Sent records'] }

describe('before pinyin-pro has loaded (the palette loads it when it opens)', () => {
  it('matches a Chinese label by its characters, and by its pinyin once loaded', async () => {
    expect(pinyinReady()).toBe(false)
    expect(scoreCommand('发送', sent)).toBeGreaterThan(0)
    expect(scoreCommand('fsjl', sent)).toBe(0)
    await loadPinyin()
    expect(pinyinReady()).toBe(true)
    expect(scoreCommand('fsjl', sent)).toBeGreaterThan(0)
  })
})

describe('scoreCommand', () => {
  beforeAll(loadPinyin)
  it('finds a Chinese label by its pinyin initials', () => {
    expect(scoreCommand('fsjl', sent)).toBeGreaterThan(0)
    expect(scoreCommand('FSJL', sent)).toBeGreaterThan(0)
  })
  it('finds a Chinese label by full pinyin, with or without spaces', () => {
    expect(scoreCommand('fasong', sent)).toBeGreaterThan(0)
    expect(scoreCommand('fa song ji lu', sent)).toBeGreaterThan(0)
    expect(scoreCommand('jilu', sent)).toBeGreaterThan(0)
  })
  it('finds the label in the other language through its keywords', () => {
    expect(scoreCommand('sent rec', sent)).toBeGreaterThan(0)
    expect(scoreCommand('records sent', sent)).toBeGreaterThan(0)
  })
  it('matches Chinese characters directly', () => {
    expect(scoreCommand('记录', sent)).toBeGreaterThan(0)
  })
  it('scores an unrelated query 0', () => {
    expect(scoreCommand('xyz', sent)).toBe(0)
    expect(scoreCommand('充值', sent)).toBe(0)
    expect(scoreCommand('recharge', sent)).toBe(0)
  })
  it('ranks exact and initials matches above loose ones', () => {
    const reply = { label: '回复记录', keywords: ['Reply records'] }
    const send = { label: '短信发送', keywords: ['Send SMS'] }
    expect(scoreCommand('fsjl', sent)).toBeGreaterThan(scoreCommand('fsjl', reply))
    expect(scoreCommand('发送记录', sent)).toBeGreaterThan(scoreCommand('发送', sent))
    expect(scoreCommand('fs', send)).toBeLessThan(scoreCommand('fs', sent))
  })
  it('prefers the label over a keyword that matches equally', () => {
    expect(scoreCommand('lock', { label: 'Lock screen' })).toBeGreaterThan(
      scoreCommand('lock', { label: '锁屏', keywords: ['Lock screen'] }),
    )
  })
  it('matches in-order abbreviations of a label', () => {
    expect(scoreCommand('srec', { label: 'Sent records' })).toBeGreaterThan(0)
  })
})
