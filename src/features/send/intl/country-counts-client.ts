import { wrap, type Remote } from 'comlink'
import type { CountryCounts } from '../../../../workers/country-counts'
import type { CountryCountsWorkerApi } from '../../../../workers/country-counts.worker'

/*
 * The per-country counter, started on first use. Every list goes through it: the page's numbers may be millions,
 * and even splitting them into strings here would stall the page. The buffer is copied, not transferred, since the
 * page keeps its numbers for the send.
 */
let remote: Remote<CountryCountsWorkerApi> | null = null

function worker(): Remote<CountryCountsWorkerApi> {
  remote ??= wrap<CountryCountsWorkerApi>(
    new Worker(new URL('../../../../workers/country-counts.worker.ts', import.meta.url), { type: 'module' }))
  return remote
}

export function countInWorker(numbers: Uint8Array, codes: string[]): Promise<CountryCounts> {
  if (numbers.length === 0) return Promise.resolve({ counts: {}, unmatched: 0 })
  return worker().countByCallingCode(numbers, codes)
}

export type { CountryCounts }
