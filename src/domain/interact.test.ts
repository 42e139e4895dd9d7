import { describe, expect, it } from 'vitest'
import { fillInteract, INTERACT_CODE_PATTERN, interactAnswerSchema, interactUrl, MAX_ANSWER_CHARS, recipientLocale } from './interact'

describe('interactive messages', () => {
  it("speaks the first of the visitor's languages the product has, else Chinese", () => {
    expect(recipientLocale(['en-GB', 'zh-CN'])).toBe('en')
    expect(recipientLocale(['fr-FR', 'zh-TW', 'en'])).toBe('zh-CN')
    expect(recipientLocale(['fr-FR', 'de'])).toBe('zh-CN')
    expect(recipientLocale([])).toBe('zh-CN')
    expect(recipientLocale(['english'])).toBe('zh-CN')
  })

  it('fills every marker with the page address under the console base', () => {
    const url = interactUrl('https://sms.example.com/', 'A'.repeat(22))
    expect(url).toBe(`https://sms.example.com/sms-cloud/i/${'A'.repeat(22)}`)
    expect(fillInteract('Answer: {interact} or {interact}', url)).toBe(`Answer: ${url} or ${url}`)
  })

  it('takes a code of 22 base64url characters and a trimmed answer of 1 to MAX_ANSWER_CHARS', () => {
    expect(INTERACT_CODE_PATTERN.test('aB3dE5gH_aB3dE5gH-aB3d')).toBe(true)
    expect(INTERACT_CODE_PATTERN.test('aB3dE5gH')).toBe(false)
    const code = 'aB3dE5gH_aB3dE5gH-aB3d'
    expect(interactAnswerSchema.parse({ code, content: '  ok  ' }).content).toBe('ok')
    expect(interactAnswerSchema.safeParse({ code, content: '   ' }).error?.issues[0].message).toBe('required')
    expect(interactAnswerSchema.safeParse({ code, content: 'x'.repeat(MAX_ANSWER_CHARS + 1) }).error?.issues[0].message).toBe('tooLong')
    expect(interactAnswerSchema.safeParse({ code, content: 'a\u0000b' }).success).toBe(false)
  })
})
