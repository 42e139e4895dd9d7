import { describe, expect, it } from 'vitest'
import { embeddedUrl, frameAllowed } from './iframe-url'

describe('embedded page address', () => {
  it('accepts encoded http and https addresses', () => {
    expect(embeddedUrl(`/myiframe/${encodeURIComponent('https://example.com/a?b=1')}`)).toBe('https://example.com/a?b=1')
    expect(embeddedUrl('/myiframe/http://example.com')).toBe('http://example.com/')
  })

  it('refuses other schemes, relative paths and broken encodings', () => {
    expect(embeddedUrl(`/myiframe/${encodeURIComponent('javascript:alert(1)')}`)).toBeNull()
    expect(embeddedUrl('/myiframe/data:text/html,hi')).toBeNull()
    expect(embeddedUrl('/myiframe/wel/index')).toBeNull()
    expect(embeddedUrl('/myiframe/%E0%A4%A')).toBeNull()
  })
})

describe('which addresses may be framed', () => {
  const own = 'https://console.example'

  it('frames the console’s own origin and the configured origins', () => {
    expect(frameAllowed('https://console.example/sms-cloud/report.html', own)).toBe(true)
    expect(frameAllowed('https://reports.example/a?b=1', own, ['https://reports.example'])).toBe(true)
  })

  it('refuses every other origin, including another scheme or port of an allowed host and look-alike hosts', () => {
    expect(frameAllowed('https://example.com/', own)).toBe(false)
    expect(frameAllowed('http://console.example/', own)).toBe(false)
    expect(frameAllowed('https://console.example:8443/', own)).toBe(false)
    expect(frameAllowed('https://reports.example.evil.com/', own, ['https://reports.example'])).toBe(false)
    expect(frameAllowed('https://user@reports.example.evil.com/', own, ['https://reports.example'])).toBe(false)
  })
})
