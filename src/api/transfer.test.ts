import { describe, expect, it } from 'vitest'
import { logoSrc } from './settings'

describe('logoSrc', () => {
  it('builds a data URL from base64 and a subtype or a full MIME type', () => {
    expect(logoSrc({ logo: 'AAA', logoType: 'png' })).toBe('data:image/png;base64,AAA')
    expect(logoSrc({ logo: 'AAA', logoType: 'image/svg+xml' })).toBe('data:image/svg+xml;base64,AAA')
  })
  it('gives nothing without a logo', () => {
    expect(logoSrc({ logo: '', logoType: 'png' })).toBeNull()
  })
})
