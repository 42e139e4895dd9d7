import type { CountryCounts } from '../../../../workers/country-counts'
import type { CountryCountsWorkerApi } from '../../../../workers/country-counts.worker'
import { workerRemote } from '../../../../workers/remote'

/*
 * The per-country counter, started on first use. Every list goes through it: the page's numbers may be millions,
 * and even splitting them into strings here would stall the page. The buffer is copied, not transferred, since the
 * page keeps its numbers for the send.
 */
const worker = workerRemote<CountryCountsWorkerApi>(() =>
  new Worker(new URL('../../../../workers/country-counts.worker.ts', import.meta.url), { type: 'module' }))

export function countInWorker(numbers: Uint8Array, codes: string[]): Promise<CountryCounts> {
  if (numbers.length === 0) return Promise.resolve({ counts: {}, unmatched: 0 })
  return worker((w) => w.countByCallingCode(numbers, codes))
}

export type { CountryCounts }
