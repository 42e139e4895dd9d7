import { describe, expect, it } from 'vitest'
import { templateDetailPath, templateNewPath, templatePage } from './pages'

describe('template pages', () => {
  it('names the editors and the details of the three lists', () => {
    expect(templatePage('csp-sms', 'new')).toEqual({ kind: 'csp', id: 'new' })
    expect(templatePage('video-sms', 'new')).toEqual({ kind: 'video', id: 'new' })
    expect(templatePage('home-sms', '12')).toEqual({ kind: 'content', id: 12 })
    expect(templateNewPath('csp')).toBe('/csp-sms/templates/new')
    expect(templateDetailPath('video', 7)).toBe('/video-sms/templates/7')
  })
  it('is no page for anything else: a content editor (a dialog), other areas, ids that are not row ids', () => {
    expect(templatePage('home-sms', 'new')).toBeNull()
    expect(templatePage('intl-sms', '1')).toBeNull()
    for (const id of ['0', '-1', '1.5', '01', '2147483648', 'abc', '']) expect(templatePage('csp-sms', id)).toBeNull()
  })
})
