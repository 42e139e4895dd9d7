import { z } from 'zod'
import { safeText, serialId } from './input'

/**
 * Address-book groups as a number source of the send pages:
 *
 *   /addressBook/hasMemberGroupList  {cus_id?} → the groups with at least one member the caller may see (its own,
 *                                    an enterprise's also its sub-accounts', an administrator's all), optionally one
 *                                    account's (administrator and enterprise), with member counts, by name.
 *   /addressBook/groupMobileDetail   {group_ids} → text/plain (not the JSON envelope): the members' mobiles of those
 *                                    groups, one a line, as stored (the page parses them with the other sources, so
 *                                    repeats and invalid entries are counted there). Streamed in batches, so a big
 *                                    group never becomes one JSON array. A group the caller may not see: 403.
 */
export const hasMemberGroupListSchema = z.object({
  cus_id: safeText().trim().max(64).optional(),
})
export type HasMemberGroupListQuery = z.infer<typeof hasMemberGroupListSchema>

export const memberGroupSchema = z.object({
  group_id: z.number(),
  cus_id: z.string(),
  group_name: z.string(),
  member_count: z.number(),
})
export type MemberGroup = z.infer<typeof memberGroupSchema>

export const MAX_GROUPS_PER_REQUEST = 100

export const groupMobileDetailSchema = z.object({
  group_ids: z.array(serialId()).min(1).max(MAX_GROUPS_PER_REQUEST),
})
export type GroupMobileDetailQuery = z.infer<typeof groupMobileDetailSchema>

/** China's calling code: address-book mobiles are domestic numbers (11 digits, spec section 5). */
export const ADDRESS_BOOK_CALLING_CODE = '86'

const LF = 10
const isDigit = (b: number) => b >= 48 && b <= 57

/**
 * The address book's mobiles for an international send: each line of 11 digits beginning with 1 gets `code` in
 * front, so 13800138000 reads as China's number, not as calling code 1. Other lines pass unchanged. Bytes in, bytes
 * out (a group may hold a million members).
 */
export function withCallingCode(bytes: Uint8Array, code = ADDRESS_BOOK_CALLING_CODE): Uint8Array {
  const prefix = new TextEncoder().encode(code)
  let lines = 1
  for (const b of bytes) if (b === LF) lines++
  const out = new Uint8Array(bytes.length + lines * prefix.length)
  let o = 0
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== LF) continue
    let end = i
    if (end > start && bytes[end - 1] === 13) end--
    let domestic = end - start === 11 && bytes[start] === 49
    for (let k = start; domestic && k < end; k++) domestic = isDigit(bytes[k])
    if (domestic) {
      out.set(prefix, o)
      o += prefix.length
    }
    out.set(bytes.subarray(start, i), o)
    o += i - start
    if (i < bytes.length) out[o++] = LF
    start = i + 1
  }
  return out.subarray(0, o)
}
