import { describe, expect, it } from 'vitest'
import { measureContent } from './billing'
import { CSP_CONTENT_TYPE, cspRecordText, cspSendSchema, parseLowType } from './send-csp'

const base = { chatbot_id: 'chatbot_globex_2', template_id: 7, idempotency_key: '0b7e3f4c-1f0a-4c39-9c55-2f1a4b7d9e10' }
const card = (cardTitle: string) => ({ cardSeq: 1, mediaType: 'image' as const, mediaUrl: 'data:,', cardTitle, textContent: '', buttons: [] })

describe('csp send contract', () => {
  it('reads low_type codes in order, each once, dropping unknown ones', () => {
    expect(parseLowType('3, 1,1,9')).toEqual([1, 3])
    expect(parseLowType('')).toEqual([])
  })

  it('requires the content of each chosen fallback and refuses unknown or repeated codes', () => {
    expect(cspSendSchema.safeParse(base).success).toBe(true)
    expect(cspSendSchema.safeParse({ ...base, low_type: [1] }).success).toBe(false)
    expect(cspSendSchema.safeParse({ ...base, low_type: [1], sms_text: 'hi' }).success).toBe(true)
    expect(cspSendSchema.safeParse({ ...base, low_type: [2] }).success).toBe(false)
    expect(cspSendSchema.safeParse({ ...base, low_type: [2], video_template_id: 3 }).success).toBe(true)
    expect(cspSendSchema.safeParse({ ...base, low_type: [3], aim_text: '   ' }).success).toBe(false)
    expect(cspSendSchema.safeParse({ ...base, low_type: [4] }).success).toBe(false)
    expect(cspSendSchema.safeParse({ ...base, low_type: [1, 1], sms_text: 'hi' }).success).toBe(false)
  })

  it('a record text is the 5G text or the card titles, always one message', () => {
    expect(cspRecordText({ contentType: CSP_CONTENT_TYPE.text, text5g: ' 你好 ', cspCardList: [] })).toBe('你好')
    expect(cspRecordText({ contentType: CSP_CONTENT_TYPE.card, text5g: '', cspCardList: [card('甲'), card('乙')] })).toBe('甲 / 乙')
    const long = cspRecordText({ contentType: CSP_CONTENT_TYPE.text, text5g: '長'.repeat(200), cspCardList: [] })
    expect(measureContent(long).messages).toBe(1)
    expect(measureContent(cspRecordText({ contentType: CSP_CONTENT_TYPE.text, text5g: '😀'.repeat(100), cspCardList: [] })).messages).toBe(1)
  })
})
