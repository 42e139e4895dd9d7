import { transfer } from 'comlink'
import type { InvalidReason, NumberListOptions, NumberListResult } from '../../../workers/numbers'
import type { NumbersWorkerApi } from '../../../workers/numbers.worker'
import { workerRemote } from '../../../workers/remote'

/*
 * The numbers worker, started on first use. Every source goes through it, even a few typed numbers: combining
 * sources means re-parsing the accumulated list with the new bytes, and that list may hold millions of numbers.
 * A call rejects with WorkerFailedError if the worker dies (workers/remote.ts).
 */
const worker = workerRemote<NumbersWorkerApi>(() => new Worker(new URL('../../../workers/numbers.worker.ts', import.meta.url), { type: 'module' }))

/** Parses bytes in the worker; the buffer is transferred (the caller's `bytes` is detached afterwards). */
export function parseInWorker(bytes: Uint8Array, options?: NumberListOptions): Promise<NumberListResult> {
  return worker((w) => w.parseNumberList(transfer(bytes, [bytes.buffer as ArrayBuffer]), options))
}

/**
 * Parses pasted text after the kept numbers, both in the worker: the page neither encodes the text nor combines the
 * buffers (the kept numbers are copied, not transferred: the page's state still holds them).
 */
export function parseTextInWorker(kept: Uint8Array, text: string, options?: NumberListOptions): Promise<NumberListResult> {
  return worker((w) => w.parseNumberText(kept, text, options))
}

/** As parseTextInWorker, from a Blob of UTF-8 text, which the worker reads. */
export function parseBlobInWorker(kept: Uint8Array, blob: Blob, options?: NumberListOptions): Promise<NumberListResult> {
  return worker((w) => w.parseNumberBlob(kept, blob, options))
}

export type { InvalidReason, NumberListOptions, NumberListResult }
