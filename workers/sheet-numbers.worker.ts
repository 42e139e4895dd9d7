import { expose, transfer } from 'comlink'
import { releaseWhenIdle } from './idle-release'
import { releaseNumberScratch, type NumberListOptions } from './numbers'
import { withOperatorCounts } from './operator-counts'
import { readSheetNumbers, type SheetSourceReply } from './sheet-source'

/**
 * readSheetNumbers off the main thread (SheetJS stays in this worker's chunk). The caller transfers the file's buffer
 * in; the kept numbers arrive as a copy (the page still shows them); the parsed numbers' buffer is transferred back.
 */
const api = {
  readSheetNumbers(file: Uint8Array, kept: Uint8Array, options?: NumberListOptions, column?: number): SheetSourceReply {
    const reply = readSheetNumbers(file, kept, options, column)
    releaseWhenIdle(releaseNumberScratch)
    if (reply.ok) withOperatorCounts(reply.result, options)
    return reply.ok ? transfer(reply, [reply.result.numbers.buffer as ArrayBuffer, reply.result.invalidLines.buffer as ArrayBuffer]) : reply
  },
}

export type SheetNumbersWorkerApi = typeof api

expose(api)
