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
