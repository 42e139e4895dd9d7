import { describe, expect, it } from 'vitest'
import { pushErrorOf, pushErrorText } from '@/domain/push-error'
import { i18nObject } from '@/i18n/i18n-util'
import { loadAllLocales } from '@/i18n/i18n-util.sync'
import { pushErrorWords } from './push-error-words'

loadAllLocales()
const zh = i18nObject('zh-CN')
const en = i18nObject('en')

describe('a push attempt error is shown in the user language', () => {
  it('reads back every line the server writes', () => {
    expect(pushErrorOf(pushErrorText.http(500))).toEqual({ kind: 'http', status: '500' })
    expect(pushErrorOf(pushErrorText.timeout(10000))).toEqual({ kind: 'timeout', ms: 10000 })
    expect(pushErrorOf(pushErrorText.noAddress())).toEqual({ kind: 'noAddress' })
    expect(pushErrorOf(pushErrorText.invalidAddress())).toEqual({ kind: 'invalidAddress' })
    expect(pushErrorOf(pushErrorText.scheme('ftp:'))).toEqual({ kind: 'scheme', scheme: 'ftp:' })
    expect(pushErrorOf(pushErrorText.unresolved('a.example', 'ENOTFOUND'))).toEqual({ kind: 'unresolved', host: 'a.example', code: 'ENOTFOUND' })
    expect(pushErrorOf(pushErrorText.unresolved('a.example'))).toEqual({ kind: 'unresolved', host: 'a.example', code: '' })
    expect(pushErrorOf(pushErrorText.refused('127.0.0.1', 'loopback'))).toEqual({ kind: 'refused', address: '127.0.0.1', range: 'loopback' })
    expect(pushErrorOf(pushErrorText.refused('fd00:ec2::254', 'uniqueLocal'))).toEqual({ kind: 'refused', address: 'fd00:ec2::254', range: 'uniqueLocal' })
  })

  it('in Chinese, with no English words but the technical codes', () => {
    expect(pushErrorWords(zh, 'timeout after 10000 ms')).toBe('10,000 毫秒内未收到应答（超时）')
    expect(pushErrorWords(zh, 'HTTP 500')).toBe('接收方返回 HTTP 500（需返回 2xx）')
    expect(pushErrorWords(zh, 'address 10.0.0.8 (private) refused')).toBe('10.0.0.8 是内网地址，不是公网地址，已拒绝推送')
    expect(pushErrorWords(zh, 'address 192.0.2.1 (reserved) refused')).toContain('保留地址')
    expect(pushErrorWords(zh, 'address 100.64.0.1 (rfc6598) refused')).toContain('特殊用途地址（rfc6598）')
    expect(pushErrorWords(zh, 'ECONNREFUSED')).toBe('接收方拒绝连接（端口未监听）')
    expect(pushErrorWords(zh, 'ECONNRESET')).toBe('连接被接收方中断')
    expect(pushErrorWords(zh, 'DEPTH_ZERO_SELF_SIGNED_CERT')).toBe('HTTPS 证书校验失败（DEPTH_ZERO_SELF_SIGNED_CERT）')
    expect(pushErrorWords(zh, 'EHOSTUNREACH')).toBe('连接失败（EHOSTUNREACH）')
    expect(pushErrorWords(zh, '')).toBe('')
  })

  it('in English', () => {
    expect(pushErrorWords(en, 'timeout after 10000 ms')).toBe('No answer within 10,000 ms (time-out)')
    expect(pushErrorWords(en, 'address 127.0.0.1 (loopback) refused')).toBe('127.0.0.1 is a loopback address, not a public address: not pushed')
    expect(pushErrorWords(en, 'cannot resolve nowhere.invalid: ENOTFOUND')).toBe('Cannot resolve nowhere.invalid (ENOTFOUND)')
  })
})
