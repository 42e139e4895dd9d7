import type { Locale } from './constants'

/*
 * The carriers' delivery-report codes (a sent record's report_result_desc, the spec's errDesc), each with the key of
 * its words in the `carrier` dictionary area and whether the failure it reports is permanent or transient. The
 * console shows the words with the code beside them, "已送达 (DELIVRD)", so a user reads what happened and support
 * still sees what the carrier said; `carrier.meaning` says in plain words what it means for the sender. A code missing
 * here shows as it came and counts as neither permanent nor transient. The codes are those the carrier gateway
 * reports (server/send/carrier-sim.ts and the demo history send the same), and CANCELLED, which the console writes
 * itself when a sender cancels what a batch had not yet handed to the carrier (server/batch/cancel.ts).
 */
export const CARRIER_CODES = {
  DELIVRD: 'delivered',
  UNDELIV: 'undeliverable',
  EXPIRED: 'expired',
  REJECTD: 'rejected',
  BLACK: 'blocklisted',
  TIMEOUT: 'reportTimeout',
  'MK:0001': 'noSuchNumber',
  'MK:0005': 'switchedOff',
  'MK:0012': 'suspended',
  'MN:0001': 'unreachable',
  CANCELLED: 'cancelled',
} as const

export type CarrierCode = keyof typeof CARRIER_CODES
export type CarrierCodeKey = (typeof CARRIER_CODES)[CarrierCode]

/**
 * What a failure's code says about sending again. Permanent: the number or its owner refuses (vacant, suspended,
 * blocklisted, rejected) or the sender cancelled; sending again costs money and fails again. Transient: the phone
 * was off, out of coverage or the network did not deliver in time; a later attempt may arrive. "Resend to failed"
 * sends only to transient failures. DELIVRD and TIMEOUT are no failures (delivered, and unknown).
 */
export type FailureKind = 'permanent' | 'transient'
export const FAILURE_KIND: Partial<Record<CarrierCode, FailureKind>> = {
  UNDELIV: 'transient',
  EXPIRED: 'transient',
  'MK:0005': 'transient',
  'MN:0001': 'transient',
  REJECTD: 'permanent',
  BLACK: 'permanent',
  'MK:0001': 'permanent',
  'MK:0012': 'permanent',
  CANCELLED: 'permanent',
}

/** The code a cancelled record carries (report_result_desc). */
export const CANCELLED_CODE = 'CANCELLED' satisfies CarrierCode

/** The codes of transient failures, as stored (the resend's SQL reads records by them). */
export const TRANSIENT_CODES: readonly CarrierCode[] = (Object.keys(FAILURE_KIND) as CarrierCode[]).filter((c) => FAILURE_KIND[c] === 'transient')

const normal = (code: string) => code.trim().toUpperCase()

/** The words' key of a report code, or null for an empty or unknown one. */
export function carrierCodeKey(code: string | null | undefined): CarrierCodeKey | null {
  if (!code) return null
  return (CARRIER_CODES as Record<string, CarrierCodeKey>)[normal(code)] ?? null
}

/** Whether a failure's code is permanent or transient; null for a code the catalogue does not know. */
export function failureKind(code: string | null | undefined): FailureKind | null {
  if (!code) return null
  return (FAILURE_KIND as Record<string, FailureKind>)[normal(code)] ?? null
}

/**
 * The codes' words (the `carrier` dictionary area takes them from here, src/i18n/*\/carrier.ts), so a file the server
 * writes names a code as the screen does. Kept free of value imports: the typesafe-i18n generator runs it.
 */
export const CARRIER_WORDS: Record<CarrierCodeKey, { 'zh-CN': string; en: string }> = {
  delivered: { 'zh-CN': '已送达', en: 'Delivered' },
  undeliverable: { 'zh-CN': '无法送达', en: 'Undeliverable' },
  expired: { 'zh-CN': '超过有效期未送达', en: 'Expired before delivery' },
  rejected: { 'zh-CN': '运营商拒收', en: 'Rejected by the carrier' },
  blocklisted: { 'zh-CN': '号码在黑名单中', en: 'Number on a blocklist' },
  reportTimeout: { 'zh-CN': '状态报告超时', en: 'Report timed out' },
  noSuchNumber: { 'zh-CN': '空号', en: 'Vacant number' },
  switchedOff: { 'zh-CN': '关机或停机', en: 'Phone off or out of service' },
  suspended: { 'zh-CN': '号码暂停服务', en: 'Number suspended' },
  unreachable: { 'zh-CN': '不在服务区', en: 'Out of coverage' },
  cancelled: { 'zh-CN': '发送方已取消', en: 'Cancelled by the sender' },
}

export const FAILURE_KIND_WORDS: Record<FailureKind, { 'zh-CN': string; en: string }> = {
  permanent: { 'zh-CN': '永久失败', en: 'Permanent' },
  transient: { 'zh-CN': '暂时失败', en: 'Transient' },
}

/** The words with the code beside them, as the grid shows a report code: "空号（MK:0001）", "Vacant number (MK:0001)". */
export const WITH_CODE: Record<Locale, string> = { 'zh-CN': '{words:string}（{code:string}）', en: '{words} ({code})' }

/** A report code as screens and files show it: its words with the code; an unknown code as it came. */
export function carrierCodeText(code: string | null | undefined, locale: Locale): string {
  const key = carrierCodeKey(code)
  if (!key || !code) return code ?? ''
  return WITH_CODE[locale].replace(/\{words(:string)?\}/, CARRIER_WORDS[key][locale]).replace(/\{code(:string)?\}/, code)
}

/** Every code word in one language, and the kinds: the dictionaries' `carrier` area. */
export const carrierWordsIn = (locale: Locale) => ({
  ...(Object.fromEntries(Object.entries(CARRIER_WORDS).map(([k, w]) => [k, w[locale]])) as Record<CarrierCodeKey, string>),
  kind: { permanent: FAILURE_KIND_WORDS.permanent[locale], transient: FAILURE_KIND_WORDS.transient[locale] },
})
