import { z } from 'zod'
import { safeText } from './input'

/*
 * Message types and the rules of marketing sends (MIIT's 2015 rules on commercial SMS, as Alibaba Cloud and Tencent
 * Cloud apply them): a content template is a verification code, a notification or marketing; a marketing message
 * carries a way to refuse further messages, is delivered only inside the day's marketing hours, and reaches one
 * number at most a capped number of times a platform day. Verification codes are exempt from all of it.
 */

export const SMS_TYPES = ['code', 'notice', 'marketing'] as const
export type SmsType = (typeof SMS_TYPES)[number]
/** What a template or free text is without a choice: a notification. */
export const DEFAULT_SMS_TYPE: SmsType = 'notice'
export const smsTypeSchema = z.enum(SMS_TYPES)

/**
 * The refusal instructions a marketing message may carry (one of them, anywhere in the text): the forms China's
 * platforms accept ("回T退订" …) and the English ones carriers abroad use. Matched width- and case-insensitively,
 * spaces ignored, so "回ｔ退订" and "reply stop to opt out" count.
 */
export const OPT_OUT_FORMS = [
  '回T退订', '回TD退订', '回N退订', '回R退订', '回复T退订', '回复TD退订', '回复N退订', '回复R退订',
  '退订回T', '退订回TD', '退订回N', '退订回R', '退订回复T', '退订回复TD', '退订请回复T', '退订请回复TD',
  '拒收请回复R', '拒收回R', '拒收请回R',
  'Reply STOP to opt out', 'Reply STOP to unsubscribe', 'Text STOP to opt out',
] as const

const normal = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '')
const FORMS = OPT_OUT_FORMS.map(normal)

/** True when `text` carries one of OPT_OUT_FORMS. */
export const hasOptOut = (text: string): boolean => {
  const t = normal(text)
  return FORMS.some((f) => t.includes(f))
}

/**
 * What a send is: its template's type when the text is one of the enterprise's approved content templates (a
 * verification code stays exempt whatever the sender marked), else marketing when the sender marked it so, else
 * a notification.
 */
export function sendType(templateType: SmsType | null, markedMarketing: boolean): SmsType {
  if (templateType === 'code') return 'code'
  return templateType === 'marketing' || markedMarketing ? 'marketing' : (templateType ?? DEFAULT_SMS_TYPE)
}

// ---- marketing hours and the daily cap

/**
 * The platform's day is Asia/Shanghai's (date-time.ts), which has kept UTC+8 without daylight saving since 1991: a
 * time of day there is a fixed offset from UTC, so the window needs no time-zone database.
 */
const PLATFORM_OFFSET_MINUTES = 8 * 60
const DAY_MINUTES = 24 * 60

/** A window of the platform's day in minutes after midnight, [start, end), and the per-number daily cap. */
export interface MarketingRule {
  window_start: number
  window_end: number
  daily_cap: number
}

/** The platform's default until an administrator changes it: 08:00–21:00, at most 3 marketing messages a number a day. */
export const MARKETING_DEFAULT: MarketingRule = { window_start: 8 * 60, window_end: 21 * 60, daily_cap: 3 }
export const MARKETING_CAP_MAX = 100

/** Minutes after the platform's midnight of `at`. */
export const platformMinute = (at: Date): number =>
  (((Math.floor(at.getTime() / 60_000) + PLATFORM_OFFSET_MINUTES) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES

/** The instant the platform's day of `at` began. */
export function platformDayStart(at: Date): Date {
  const ms = at.getTime() + PLATFORM_OFFSET_MINUTES * 60_000
  return new Date(ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000) - PLATFORM_OFFSET_MINUTES * 60_000)
}

/**
 * When a marketing message asked for at `at` is delivered: `at` itself inside the window, else the window's next
 * start (today's before it opens, tomorrow's after it closes).
 */
export function marketingDeliveryTime(at: Date, rule: Pick<MarketingRule, 'window_start' | 'window_end'>): Date {
  const m = platformMinute(at)
  if (m >= rule.window_start && m < rule.window_end) return at
  const day = platformDayStart(at).getTime() + (m >= rule.window_end ? 86_400_000 : 0)
  return new Date(day + rule.window_start * 60_000)
}

/** The rule in force for an enterprise: its own narrowed within the platform's (a later narrower default wins). */
export const effectiveRule = (platform: MarketingRule, own: MarketingRule | null): MarketingRule => (own
  ? {
      window_start: Math.max(platform.window_start, own.window_start),
      window_end: Math.min(platform.window_end, own.window_end),
      daily_cap: Math.min(platform.daily_cap, own.daily_cap),
    }
  : platform)

/** `HH:mm` of minutes after midnight. */
export const formatMinute = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
const toMinute = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3))

/**
 * /marketing/setRule (an enterprise's own, within the platform's) and /marketing/setDefault (an administrator's
 * platform default): the window as `HH:mm` of the platform's day, start before end, and the daily cap.
 */
export const marketingRuleSchema = z
  .object({
    window_start: safeText().trim().regex(HHMM, 'marketingTime'),
    window_end: safeText().trim().regex(HHMM, 'marketingTime'),
    daily_cap: z.coerce.number({ message: 'marketingCap' }).int('marketingCap').min(1, 'marketingCap').max(MARKETING_CAP_MAX, 'marketingCap'),
  })
  .refine((r) => toMinute(r.window_start) < toMinute(r.window_end), { path: ['window_end'], message: 'marketingWindowOrder' })
export type MarketingRuleInput = z.input<typeof marketingRuleSchema>

/** A checked rule's times as minutes of the platform's day. */
export const ruleMinutes = (r: z.output<typeof marketingRuleSchema>): MarketingRule =>
  ({ window_start: toMinute(r.window_start), window_end: toMinute(r.window_end), daily_cap: r.daily_cap })

/** The fields an enterprise's rule reaches past the platform's (each named for its form field); none: it narrows. */
export function widened(platform: MarketingRule, own: MarketingRule): (keyof MarketingRule)[] {
  const out: (keyof MarketingRule)[] = []
  if (own.window_start < platform.window_start) out.push('window_start')
  if (own.window_end > platform.window_end) out.push('window_end')
  if (own.daily_cap > platform.daily_cap) out.push('daily_cap')
  return out
}

/** /marketing/getRule: the platform's default, the enterprise's own (null: none set) and the one in force. */
export const marketingRuleInfoSchema = z.object({
  platform: z.object({ window_start: z.number(), window_end: z.number(), daily_cap: z.number() }),
  own: z.object({ window_start: z.number(), window_end: z.number(), daily_cap: z.number() }).nullable(),
  effective: z.object({ window_start: z.number(), window_end: z.number(), daily_cap: z.number() }),
})
export type MarketingRuleInfo = z.infer<typeof marketingRuleInfoSchema>
