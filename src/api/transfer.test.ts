import { describe, expect, it } from 'vitest'
import { logoSrc } from './settings'
import { fileNameOf } from './transfer'

describe('fileNameOf', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%8F%91%E9%80%81.xlsx`, 'x')).toBe('发送.xlsx')
  })
  it('reads a plain file name, else keeps the fallback', () => {
    expect(fileNameOf('attachment; filename="records.csv"', 'x')).toBe('records.csv')
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx')
  })
})

describe('logoSrc', () => {
  it('builds a data URL from base64 and a subtype or a full MIME type', () => {
    expect(logoSrc({ logo: 'AAA', logoType: 'png' })).toBe('data:image/png;base64,AAA')
    expect(logoSrc({ logo: 'AAA', logoType: 'image/svg+xml' })).toBe('data:image/svg+xml;base64,AAA')
  })
  it('gives nothing without a logo', () => {
    expect(logoSrc({ logo: '', logoType: 'png' })).toBeNull()
  })
})
