import { describe, expect, it } from 'vitest'
import { safeRedirect } from './guards'

describe('safeRedirect', () => {
  it('keeps in-app paths with their search', () => {
    expect(safeRedirect('/home-sms/mt-records?page=2')).toBe('/home-sms/mt-records?page=2')
  })
  it('refuses other hosts, schemes, /login itself and non-strings', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/login?redirect=/x', undefined, 3]) {
      expect(safeRedirect(bad)).toBe('/')
    }
  })
})
