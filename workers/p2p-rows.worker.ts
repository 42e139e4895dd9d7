import { expose, transfer } from 'comlink'
import { arrangeRows, measureArranged, type ArrangedMeasure, type ArrangedRows, type Arrangement, type ArrangeOptions } from './p2p-rows'
import { sheetToTsv, type SheetTsv } from './spreadsheet'

/**
 * A point-to-point send's rows off the main thread. `arrange` keeps the values of the last arrangement here, so
 * `measure` (called as the template is typed) sends only the template in and a few totals back. Buffers travel by
 * transfer: the file's in, the TSV's and the packed rows' out.
 */
let last: Arrangement | null = null

const api = {
  sheetToTsv(bytes: Uint8Array): SheetTsv {
    const result = sheetToTsv(bytes)
    return transfer(result, [result.tsv.buffer as ArrayBuffer])
  },
  arrange(sheet: SheetTsv, options: ArrangeOptions): ArrangedRows {
    last = arrangeRows(sheet, options)
    // measure needs only the values and the row count, so the rows themselves can leave.
    return transfer(last.result, [last.result.rows.buffer as ArrayBuffer, last.result.invalidLines.buffer as ArrayBuffer])
  },
  measure(template: string): ArrangedMeasure | null {
    return last ? measureArranged(template, last) : null
  },
}

export type P2pRowsWorkerApi = typeof api

expose(api)
