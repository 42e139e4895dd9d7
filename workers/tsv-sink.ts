/*
 * Rows arriving in sheet order (0-based row numbers, gaps are empty rows) written as TAB-separated UTF-8 lines, with
 * sheetToTsv's rules: the first row is the header when it looks like column names (no cell holds 7 or more digits
 * in a row while the second row has one) and is then left out; empty rows inside are kept, those at the end dropped.
 * Lines are encoded ROW_CHUNK at a time, so no string of a whole sheet is built.
 */
import { SpreadsheetError } from './spreadsheet-error'

const ROW_CHUNK = 5_000
const LONG_DIGITS = /\d{7,}/
/** The TSV a sheet may become: far above any 15 MB workbook's real text, low enough to stop a zip bomb. */
export const TSV_LIMIT = 512 * 1024 * 1024

export interface SinkResult {
  tsv: Uint8Array
  rows: number
  columns: number
  header: string[] | null
}

export class TsvSink {
  private readonly encoder = new TextEncoder()
  private readonly parts: Uint8Array[] = []
  private size = 0
  private text = ''
  private lines = 0
  private rows = 0
  private pendingEmpty = 0
  private columns = 0
  private next = 0
  private first: string[] | null = null
  private header: string[] | null | undefined = undefined

  /** Row `index` (never lower than the last one pushed) with its cells, trailing empty cells already dropped. */
  push(index: number, cells: string[]): void {
    if (index < this.next) return
    this.columns = Math.max(this.columns, cells.length)
    if (this.header === undefined) {
      if (index === 0) {
        this.first = cells
        this.next = 1
        return
      }
      this.decide(index === 1 ? cells : [])
    }
    this.pendingEmpty += index - this.next
    this.next = index + 1
    if (cells.length === 0) {
      this.pendingEmpty++
      return
    }
    this.write(cells.join('\t'))
  }

  finish(): SinkResult {
    if (this.header === undefined) this.decide([])
    this.flush()
    const tsv = new Uint8Array(this.size)
    let at = 0
    for (const part of this.parts) {
      tsv.set(part, at)
      at += part.byteLength
    }
    return { tsv, rows: this.rows, columns: this.columns, header: this.header ?? null }
  }

  private decide(second: string[]): void {
    const first = this.first ?? []
    const isHeader = first.length > 0 && !first.some((c) => LONG_DIGITS.test(c)) && second.some((c) => LONG_DIGITS.test(c))
    this.header = isHeader ? first : null
    if (!isHeader) {
      this.next = 0
      this.push(0, first)
    }
    this.next = 1
  }

  private write(line: string): void {
    for (; this.pendingEmpty > 0; this.pendingEmpty--) this.line('')
    this.line(line)
  }

  private line(line: string): void {
    this.text += `${line}\n`
    this.rows++
    if (++this.lines >= ROW_CHUNK) this.flush()
  }

  private flush(): void {
    if (!this.text) return
    const part = this.encoder.encode(this.text)
    this.size += part.byteLength
    if (this.size > TSV_LIMIT) throw new SpreadsheetError('expandsTooFar')
    this.parts.push(part)
    this.text = ''
    this.lines = 0
  }
}
