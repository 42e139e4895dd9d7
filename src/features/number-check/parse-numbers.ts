import { transfer } from 'comlink'
import type { NumberListResult } from '../../../workers/numbers'
import type { NumbersWorkerApi } from '../../../workers/numbers.worker'
import type { SheetNumbersWorkerApi } from '../../../workers/sheet-numbers.worker'
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

const sheetWorker = workerRemote<SheetNumbersWorkerApi>(() =>
  new Worker(new URL('../../../workers/sheet-numbers.worker.ts', import.meta.url), { type: 'module' }))

/**
 * A chosen file's numbers, read off the page: xls and xlsx by the spreadsheet numbers worker (it picks the mobile
 * column), anything else as text by the numbers worker. Null when the spreadsheet cannot be read.
 */
export async function parseNumberFile(file: File): Promise<NumberListResult | null> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (/\.xlsx?$/i.test(file.name)) {
    const reply = await sheetWorker((w) => w.readSheetNumbers(transfer(bytes, [bytes.buffer as ArrayBuffer]), new Uint8Array()))
    return reply.ok ? reply.result : null
  }
  return worker((w) => w.parseNumberList(transfer(bytes, [bytes.buffer as ArrayBuffer])))
}
