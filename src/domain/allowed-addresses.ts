import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { safeText } from './input'

/*
 * Allowed sign-in addresses: an enterprise's optional list of address ranges (itself and its sub-accounts), and the
 * administrators' own list, outside which the console's sign-in and the signed API are refused. Up to 40 ranges, as
 * Alibaba Cloud allows; an empty list allows every address.
 */

export const ALLOWED_RANGES_MAX = 40

/** An address or a range in CIDR notation, IPv4 or IPv6: 203.0.113.7, 203.0.113.0/24, 2001:db8::/32. */
export function isRange(s: string): boolean {
  return ipaddr.isValid(s) || ipaddr.isValidCIDR(s)
}

/** Whether `ip` (as a socket gives it, IPv4-mapped IPv6 included) lies in one of `ranges`; an empty list allows all. */
export function addressInRanges(ip: string, ranges: readonly string[]): boolean {
  if (!ranges.length) return true
  if (!ipaddr.isValid(ip)) return false
  const address = ipaddr.process(ip)
  return ranges.some((r) => {
    const [net, bits] = r.includes('/') ? ipaddr.parseCIDR(r) : [ipaddr.process(r), ipaddr.process(r).kind() === 'ipv4' ? 32 : 128]
    const n = net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() ? (net as ipaddr.IPv6).toIPv4Address() : net
    return n.kind() === address.kind() && address.match(n, n.kind() === 'ipv4' && net.kind() === 'ipv6' ? bits - 96 : bits)
  })
}

/** The ranges as typed: one a line (or separated by commas or spaces), blanks dropped. */
export const rangesFromText = (text: string) => text.split(/[\s,，;；]+/).map((s) => s.trim()).filter(Boolean)

/** /user/allowedAddresses/set: the whole list, each a valid address or range, no repeats. */
export const allowedAddressesSchema = z.object({
  ranges: z.array(safeText().trim().min(1).max(49).refine(isRange, 'rangeInvalid')).max(ALLOWED_RANGES_MAX, 'rangesTooMany')
    .refine((list) => new Set(list).size === list.length, 'rangeRepeated'),
})
export type AllowedAddresses = z.infer<typeof allowedAddressesSchema>
/** /user/allowedAddresses/get: the list that applies to the account, and the address the server sees it calling from. */
export const allowedAddressesInfoSchema = z.object({ ranges: z.array(z.string()), your_address: z.string(), editable: z.boolean() })
export type AllowedAddressesInfo = z.infer<typeof allowedAddressesInfoSchema>
