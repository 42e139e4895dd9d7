import { transfer, wrap, type Remote } from 'comlink'
import type { InvalidReason, NumberListOptions, NumberListResult } from '../../../workers/numbers'
import type { NumbersWorkerApi } from '../../../workers/numbers.worker'

/*
 * The numbers worker, started on first use. Every source goes through it, even a few typed numbers: combining
 * sources means re-parsing the accumulated list with the new bytes, and that list may hold millions of numbers.
 */
let remote: Remote<NumbersWorkerApi> | null = null

function worker(): Remote<NumbersWorkerApi> {
  remote ??= wrap<NumbersWorkerApi>(new Worker(new URL('../../../workers/numbers.worker.ts', import.meta.url), { type: 'module' }))
  return remote
}

/** Parses bytes in the worker; the buffer is transferred (the caller's `bytes` is detached afterwards). */
export function parseInWorker(bytes: Uint8Array, options?: NumberListOptions): Promise<NumberListResult> {
  return worker().parseNumberList(transfer(bytes, [bytes.buffer as ArrayBuffer]), options)
}

export type { InvalidReason, NumberListOptions, NumberListResult }
