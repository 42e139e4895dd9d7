import { describe, expect, it } from 'vitest'
import { checkSignatureName, reviewSignature, signatureOf, signatureRefusal, withSignature, type ReviewInput } from './signatures'

describe('domain/signatures', () => {
  it('names: 2–12 characters (by code point), no brackets, markup, control or invisible character, no space', () => {
    expect(checkSignatureName('艾克米')).toBeNull()
    expect(checkSignatureName('ACME')).toBeNull()
    expect(checkSignatureName('𠀀𠀁')).toBeNull()
    expect(checkSignatureName('艾')).toBe('signatureLength')
    expect(checkSignatureName('a'.repeat(13))).toBe('signatureLength')
    for (const bad of ['【艾克米', '艾克米】', '[ACME]', 'A{p1}']) expect(checkSignatureName(bad)).toBe('signatureBrackets')
    for (const bad of ['A<b>', 'A\u200bB', 'A\u202eB', 'A\u0000B', 'A\u0085B', 'A\ufeffB', 'A\u3164B']) expect([bad, checkSignatureName(bad)]).toEqual([bad, 'plainTextOnly'])
    expect(checkSignatureName('A B')).toBe('noSpaces')
    expect(checkSignatureName('A\u3000B')).toBe('noSpaces')
  })

  it('finds the leading 【name】, and puts a chosen one in its place or before the text', () => {
    expect(signatureOf('【艾克米】您好')).toBe('艾克米')
    expect(signatureOf('您好【艾克米】')).toBeNull()
    expect(signatureOf('【】您好')).toBeNull()
    expect(withSignature('您好', '艾克米')).toBe('【艾克米】您好')
    expect(withSignature('【环球】您好', '艾克米')).toBe('【艾克米】您好')
    expect(withSignature('【艾克米】', '艾克米')).toBe('【艾克米】')
  })

  it('a text may be sent when it starts with an approved name; otherwise the refusal names what it found', () => {
    expect(signatureRefusal('【艾克米】您好', ['艾克米'])).toBeNull()
    expect(signatureRefusal('【环球】您好', ['艾克米'])).toEqual({ key: 'signatureNotApproved', vars: { name: '环球' } })
    expect(signatureRefusal('您好', ['艾克米'])).toEqual({ key: 'signatureMissing', vars: {} })
    expect(signatureRefusal('[艾克米]您好', ['艾克米'])).toEqual({ key: 'signatureMissing', vars: {} })
  })

  it('the automatic review: sensitive words, generic names, a name taken, a proof for sources that need one', () => {
    const base: ReviewInput = { name: '艾克米', remark: '', source: 'company', hasProof: false, takenElsewhere: false }
    expect(reviewSignature(base, ['发票'])).toEqual({ approve: true })
    expect(reviewSignature({ ...base, remark: '代开发票' }, ['发票'])).toMatchObject({ approve: false, reason: 'reviewSensitive', vars: { word: '发票' } })
    expect(reviewSignature({ ...base, name: 'TEST' }, [])).toMatchObject({ approve: false, reason: 'signatureGeneric' })
    expect(reviewSignature({ ...base, name: '2024!' }, [])).toMatchObject({ approve: false, reason: 'signatureGeneric' })
    expect(reviewSignature({ ...base, takenElsewhere: true }, [])).toMatchObject({ approve: false, reason: 'signatureTaken' })
    expect(reviewSignature({ ...base, source: 'app' }, [])).toMatchObject({ approve: false, reason: 'signatureProofMissing' })
    expect(reviewSignature({ ...base, source: 'app', hasProof: true }, [])).toEqual({ approve: true })
    expect(reviewSignature({ ...base, source: 'other' }, [])).toEqual({ approve: true })
  })
})
