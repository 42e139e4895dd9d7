/*
 * The carriers' delivery-report codes (a sent record's report_result_desc, the spec's errDesc), each with the key of
 * its words in the `carrier` dictionary area. The console shows the words with the code beside them, "已送达 (DELIVRD)",
 * so a user reads what happened and support still sees what the carrier said. A code missing here shows as it came.
 * The codes are those the carrier gateway reports (server/send/carrier-sim.ts and the demo history send the same).
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
} as const

export type CarrierCodeKey = (typeof CARRIER_CODES)[keyof typeof CARRIER_CODES]

/** The words' key of a report code, or null for an empty or unknown one. */
export function carrierCodeKey(code: string | null | undefined): CarrierCodeKey | null {
  if (!code) return null
  return (CARRIER_CODES as Record<string, CarrierCodeKey>)[code.trim().toUpperCase()] ?? null
}
