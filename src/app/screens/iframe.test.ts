import { describe, expect, it } from 'vitest'
import { embeddedUrl } from './iframe-url'

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
