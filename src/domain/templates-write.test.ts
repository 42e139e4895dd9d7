import { describe, expect, it } from 'vitest'
import { serverMessage } from './messages'
import { cspTemplateAddSchema, templateIssue, templateReviewSchema, TEMPLATE_LIMITS as L, videoTemplateAddSchema } from './templates-write'

const card = (n = 0) => ({ material_id: 1 + n, title: `Card ${n}`, text: 'Hello', buttons: [{ kind: 'reply' as const, name: 'OK' }] })
const csp = (over: Record<string, unknown> = {}) => ({
  template_name: 'Spring sale', chatbot_id: 'bot-1', autograph: 'Acme', content_type: 'card', cards: [card()], ...over,
})
const issueOf = (r: { success: boolean; error?: import('zod').ZodError }) => (r.error ? templateIssue(r.error)?.key : null)

describe('csp template add schema (carrier card limits)', () => {
  it('takes 1 … cardsMax cards and refuses none or one more, naming cspCardCount', () => {
    expect(cspTemplateAddSchema.safeParse(csp({ cards: Array.from({ length: L.cardsMax }, (_, i) => card(i)) })).success).toBe(true)
    expect(issueOf(cspTemplateAddSchema.safeParse(csp({ cards: Array.from({ length: L.cardsMax + 1 }, (_, i) => card(i)) })))).toBe('cspCardCount')
    expect(issueOf(cspTemplateAddSchema.safeParse(csp({ cards: [] })))).toBe('cspCardCount')
  })
  it('refuses a fifth button, a link button without an http(s) address and a dial button without a number', () => {
    const buttons = (b: unknown[]) => csp({ cards: [{ ...card(), buttons: b }] })
    const reply = { kind: 'reply', name: 'OK' }
    expect(issueOf(cspTemplateAddSchema.safeParse(buttons(Array(L.buttonsPerCard + 1).fill(reply))))).toBe('cspButtonCount')
    expect(issueOf(cspTemplateAddSchema.safeParse(buttons([{ kind: 'open-link', name: 'Go', value: 'javascript:alert(1)' }])))).toBe('cspButtonUrl')
    expect(issueOf(cspTemplateAddSchema.safeParse(buttons([{ kind: 'dial', name: 'Call', value: 'call me' }])))).toBe('cspButtonPhone')
    expect(cspTemplateAddSchema.safeParse(buttons([{ kind: 'open-link', name: 'Go', value: 'https://example.com/x' }, { kind: 'dial', name: 'Call', value: '95588' }])).success).toBe(true)
  })
  it('limits titles, texts and button names to the published lengths', () => {
    expect(cspTemplateAddSchema.safeParse(csp({ cards: [{ ...card(), title: 'x'.repeat(L.cardTitleChars) }] })).success).toBe(true)
    expect(cspTemplateAddSchema.safeParse(csp({ cards: [{ ...card(), title: 'x'.repeat(L.cardTitleChars + 1) }] })).success).toBe(false)
    expect(cspTemplateAddSchema.safeParse(csp({ cards: [{ ...card(), text: 'x'.repeat(L.cardTextChars + 1) }] })).success).toBe(false)
    expect(cspTemplateAddSchema.safeParse(csp({ cards: [{ ...card(), buttons: [{ kind: 'reply', name: 'x'.repeat(L.buttonNameChars + 1) }] }] })).success).toBe(false)
  })
  it('a text message needs its text; each chosen fallback needs its content', () => {
    expect(cspTemplateAddSchema.safeParse(csp({ content_type: 'text', cards: [] })).success).toBe(false)
    expect(cspTemplateAddSchema.safeParse(csp({ content_type: 'text', text_5g: 'Hi', cards: [] })).success).toBe(true)
    expect(cspTemplateAddSchema.safeParse(csp({ low_type: [1] })).success).toBe(false)
    expect(cspTemplateAddSchema.safeParse(csp({ low_type: [1, 2, 3], sms_text: 'a', video_template_id: 3, aim_text: 'b' })).success).toBe(true)
  })
  it('words every issue key in both languages with its numbers', () => {
    expect(serverMessage('cspCardCount', 'en', { min: 1, max: 15 })).toBe('A message has 1 to 15 cards')
    expect(serverMessage('cspCardCount', 'zh-CN', { min: 1, max: 15 })).toContain('15')
  })
})

describe('video template add schema', () => {
  const frames = (n: number) => Array.from({ length: n }, (_, i) => ({ material_id: i + 1, text: `frame ${i}` }))
  it('takes framesMin … framesMax frames', () => {
    const v = (n: number) => videoTemplateAddSchema.safeParse({ title: 'Launch', template_sign: 'Acme', frames: frames(n) })
    expect(v(L.framesMax).success).toBe(true)
    expect(issueOf(v(L.framesMax + 1))).toBe('videoFrameCount')
    expect(issueOf(v(0))).toBe('videoFrameCount')
  })
})

describe('review schema', () => {
  it('a rejection needs its reason; an approval does not', () => {
    expect(templateReviewSchema.safeParse({ id: 1, approve: true }).success).toBe(true)
    expect(templateReviewSchema.safeParse({ id: 1, approve: false }).success).toBe(false)
    expect(templateReviewSchema.safeParse({ id: 1, approve: false, reason: 'Mentions a competitor' }).success).toBe(true)
  })
})
