import { expose, transfer } from 'comlink'
import { parseNumberList, type NumberListOptions, type NumberListResult } from './numbers'

/**
 * Runs parseNumberList off the main thread. The caller transfers the input's buffer in (`transfer(bytes,
 * [bytes.buffer])`) and gets the numbers' buffer transferred back: one buffer each way, never a million strings.
 */
const api = {
  parseNumberList(bytes: Uint8Array, options?: NumberListOptions): NumberListResult {
    const result = parseNumberList(bytes, options)
    return transfer(result, [result.numbers.buffer as ArrayBuffer])
  },
}

export type NumbersWorkerApi = typeof api

expose(api)
