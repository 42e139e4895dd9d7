import type { NumberListResult } from '../../../workers/numbers'
import type { NumbersWorkerApi } from '../../../workers/numbers.worker'
import { workerRemote } from '../../../workers/remote'

/*
 * The numbers worker the send pages use, for the check page's box: the same parsing (prefixes, separators,
 * duplicates, landlines refused), off the page. Its own instance, started on first use, so the check page does not
 * reach into the send feature.
 */
const worker = workerRemote<NumbersWorkerApi>(() => new Worker(new URL('../../../workers/numbers.worker.ts', import.meta.url), { type: 'module' }))

export function parseNumbers(text: string): Promise<NumberListResult> {
  return worker((w) => w.parseNumberText(new Uint8Array(), text))
}

/** The worker's `\n`-separated ASCII digits as a list of mobiles. */
export const mobilesOf = (r: NumberListResult): string[] => (r.valid ? new TextDecoder().decode(r.numbers).split('\n').filter(Boolean) : [])
