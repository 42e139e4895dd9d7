import { isPushRangeWord, pushErrorOf } from '@/domain/push-error'
import type { LL } from '@/grid'

/** A push attempt's stored error line (src/domain/push-error) in the user's language; '' for none. */
export function pushErrorWords(LL: LL, raw: string): string {
  const t = LL.push.log.errors
  const e = pushErrorOf(raw)
  switch (e.kind) {
    case 'none':
      return ''
    case 'http':
      return t.http({ status: e.status })
    case 'timeout':
      return t.timeout({ ms: e.ms })
    case 'noAddress':
      return t.noAddress()
    case 'invalidAddress':
      return t.invalidAddress()
    case 'scheme':
      return t.scheme({ scheme: e.scheme })
    case 'unresolved':
      return e.code ? t.unresolvedCode({ host: e.host, code: e.code }) : t.unresolved({ host: e.host })
    case 'refused':
      return t.refused({ address: e.address, range: isPushRangeWord(e.range) ? t.ranges[e.range]() : t.ranges.other({ range: e.range }) })
    case 'connectionRefused':
      return t.connectionRefused()
    case 'connectionReset':
      return t.connectionReset()
    case 'tls':
      return t.tls({ code: e.code })
    case 'network':
      return t.network({ detail: e.detail })
  }
}
