import { expose, transfer } from 'comlink'
import { parseNumberList, releaseNumberScratch, type NumberListOptions, type NumberListResult } from './numbers'
import { releaseWhenIdle } from './idle-release'
import { withOperatorCounts } from './operator-counts'

/** `kept`, a line break, then `added` (kept is empty for the first source). */
function after(kept: Uint8Array, added: Uint8Array): Uint8Array {
  if (kept.length === 0) return added
  const bytes = new Uint8Array(kept.length + 1 + added.length)
  bytes.set(kept, 0)
  bytes[kept.length] = 10
  bytes.set(added, kept.length + 1)
  return bytes
}

/**
 * Runs parseNumberList off the main thread. The caller transfers the input's buffer in (`transfer(bytes,
 * [bytes.buffer])`) and gets the numbers' buffer transferred back: one buffer each way, never a million strings.
 */
const api = {
  parseNumberList(bytes: Uint8Array, options?: NumberListOptions): NumberListResult {
    // The buffer was transferred here (or made here), so the numbers are written over it: no second buffer.
    const result = withOperatorCounts(parseNumberList(bytes, { ...options, inPlace: true }), options)
    releaseWhenIdle(releaseNumberScratch)
    return transfer(result, [result.numbers.buffer as ArrayBuffer, result.invalidLines.buffer as ArrayBuffer])
  },
  /**
   * Pasted text, parsed after the numbers the page keeps (`kept`, then a line break, then the text). Encoding a
   * million pasted numbers (~12 MB) takes 60–120 ms, so it happens here rather than on the page's main thread.
   */
  parseNumberText(kept: Uint8Array, text: string, options?: NumberListOptions): NumberListResult {
    return api.parseNumberList(after(kept, new TextEncoder().encode(text)), options)
  },
  /** As parseNumberText, from a Blob of UTF-8 text (the asynchronous clipboard's), read here rather than on the page. */
  async parseNumberBlob(kept: Uint8Array, blob: Blob, options?: NumberListOptions): Promise<NumberListResult> {
    return api.parseNumberList(after(kept, new Uint8Array(await blob.arrayBuffer())), options)
  },
}

export type NumbersWorkerApi = typeof api

expose(api)
