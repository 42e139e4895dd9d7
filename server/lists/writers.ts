import { createDeflateRaw, crc32, type DeflateRaw } from 'node:zlib'
import { Zip, ZipDeflate, strToU8, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate'
import { CSV_BOM, CSV_CONTENT_TYPE, csvCell, csvLine } from '../../src/domain/csv'

/** A cell as files hold it: text, a number, or empty. */
export type Cell = string | number | null | undefined

/**
 * Turns rows into file bytes; `rows` may be called any number of times, `end` once, each awaited before the next
 * (the xlsx writer compresses off the main thread, so its calls settle later).
 */
export interface FileWriter {
  readonly contentType: string
  readonly extension: string
  start(headers: string[]): void
  rows(rows: Cell[][]): void | Promise<void>
  /** `rows` of a batch read through its columns' getters, without building an array of cells per row. */
  rowsOf<R>(batch: R[], values: ((row: R) => Cell)[]): void | Promise<void>
  end(): void | Promise<void>
  /** The client went away: frees what the writer holds outside the JS heap (zlib's native state). */
  abort?(): void
}

// ---- csv ----

/** The product's CSV (src/domain/csv.ts), streamed: a batch of rows encoded per push. */
export function csvWriter(push: (chunk: Uint8Array) => void): FileWriter {
  const enc = new TextEncoder()
  return {
    contentType: CSV_CONTENT_TYPE,
    extension: 'csv',
    start: (headers) => push(enc.encode(CSV_BOM + csvLine(headers))),
    rows: (rows) => push(enc.encode(rows.map(csvLine).join(''))),
    rowsOf(batch, values) {
      let text = ''
      for (const row of batch) {
        text += csvCell(values[0](row))
        for (let i = 1; i < values.length; i++) text += ',' + csvCell(values[i](row))
        text += '\r\n'
      }
      push(enc.encode(text))
    },
    end: () => undefined,
  }
}

// ---- xlsx (SpreadsheetML written by hand, zipped as it goes) ----

/** Excel's last row is 1,048,576; one is the header. Longer files continue on a new sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575

// XML 1.0 forbids most control characters; a stray one in an SMS body must not corrupt the file.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
// eslint-disable-next-line no-control-regex
const NEEDS_XML_WORK = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/
// Most cells (numbers as text, times, plain words) need no escaping: one test instead of four passes over them.
const xmlText = (s: string) => !NEEDS_XML_WORK.test(s) ? s
  : s.replace(INVALID_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function xlsxCell(v: Cell): string {
  if (v === null || v === undefined || v === '') return '<c/>'
  if (typeof v === 'number' && Number.isFinite(v)) return `<c><v>${v}</v></c>`
  // Inline strings are never formulas, so no neutralising is needed here.
  return `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(String(v))}</t></is></c>`
}
function xlsxRow(cells: Cell[]): string {
  let xml = '<row>'
  for (let i = 0; i < cells.length; i++) xml += xlsxCell(cells[i])
  return xml + '</row>'
}

/** Sheet XML is compressed at this zlib level: 1M rows would take tens of seconds at 6 for a file 10-20% smaller. */
export const XLSX_DEFLATE_LEVEL = 3

/**
 * One zip entry deflated by Node's native zlib on its thread pool (fflate's ZipDeflate deflates in JavaScript on the
 * event loop: the whole time of a 1M-row xlsx, during which no other request was answered). The entry's size and
 * CRC-32 are counted as text goes in; fflate writes them in the data descriptor after the last chunk.
 */
class NativeDeflate implements ZipInputFile {
  size = 0
  crc = 0
  compression = 8
  ondata!: AsyncFlateStreamHandler
  private z: DeflateRaw
  constructor(public filename: string, level: number) {
    this.z = createDeflateRaw({ level })
    this.z.on('data', (chunk: Buffer) => this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false))
    // Errors reach the awaited write or finish; this keeps one after abort() from ending the process.
    this.z.on('error', () => undefined)
  }
  destroy() {
    this.z.destroy()
  }
  private taking: Promise<void> = Promise.resolve()
  /**
   * Hands the text to zlib and resolves once zlib has taken the text before it: one batch compresses on the thread
   * pool while the next is read from the database, and at most two are ever waiting in zlib.
   */
  push(text: string): Promise<void> {
    const buf = Buffer.from(text, 'utf8')
    this.crc = crc32(buf, this.crc)
    this.size += buf.length
    const before = this.taking
    this.taking = new Promise((resolve, reject) => this.z.write(buf, (err) => (err ? reject(err) : resolve())))
    // A failure surfaces through the next push or finish; this keeps it from being unhandled meanwhile.
    this.taking.catch(() => undefined)
    return before
  }
  /** Resolves once every compressed byte has gone to the zip, the entry closed. */
  finish(text: string): Promise<void> {
    const ended = new Promise<void>((resolve, reject) => {
      this.z.once('error', reject)
      this.z.once('end', () => {
        this.ondata(null, new Uint8Array(0), true)
        resolve()
      })
    })
    const before = this.push(text)
    this.z.end()
    return Promise.all([before, this.taking, ended]).then(() => undefined)
  }
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  + '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_TAIL = '</sheetData></worksheet>'

function workbookParts(sheets: number): Record<string, string> {
  const ids = Array.from({ length: sheets }, (_, i) => i + 1)
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  return {
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + ids.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
      + '</Types>',
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
      + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
      + '</Relationships>',
    'xl/workbook.xml': `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `
      + 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
      + ids.map((i) => `<sheet name="Sheet${i}" sheetId="${i}" r:id="rId${i}"/>`).join('')
      + '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
      + ids.map((i) => `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')
      + '</Relationships>',
  }
}

/**
 * Streams an xlsx: each sheet is one deflated zip entry written row batch by row batch (fflate's streaming zip
 * container, native zlib deflate), inline strings instead of a shared-strings table (which would have to be held in memory), and
 * the small workbook parts last, once the sheet count is known. Memory stays at one batch of rows.
 */
export function xlsxWriter(push: (chunk: Uint8Array) => void, rowsPerSheet = XLSX_ROWS_PER_SHEET, level = XLSX_DEFLATE_LEVEL): FileWriter {
  const zip = new Zip((err, chunk) => {
    if (err) throw err
    push(chunk)
  })
  let headerXml = ''
  let sheet: NativeDeflate | null = null
  let sheets = 0
  let inSheet = 0
  let pending = ''
  const open = () => {
    sheets += 1
    sheet = new NativeDeflate(`xl/worksheets/sheet${sheets}.xml`, level)
    zip.add(sheet)
    pending = SHEET_HEAD + headerXml
    inSheet = 0
  }
  const close = () => sheet!.finish(pending + SHEET_TAIL)
  /** Rows 0…count-1 of a batch, each as `rowXml(j)`, continuing on a new sheet when one is full. */
  const write = async (count: number, rowXml: (j: number) => string) => {
    let i = 0
    while (i < count) {
      if (inSheet === rowsPerSheet) {
        await close()
        open()
      }
      const take = Math.min(count - i, rowsPerSheet - inSheet)
      let xml = pending
      for (let j = i; j < i + take; j++) xml += rowXml(j)
      pending = ''
      await sheet!.push(xml)
      inSheet += take
      i += take
    }
  }
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    start(headers) {
      headerXml = xlsxRow(headers)
      open()
    },
    rows: (rows) => write(rows.length, (j) => xlsxRow(rows[j])),
    rowsOf: (batch, values) => write(batch.length, (j) => {
      let xml = '<row>'
      for (let i = 0; i < values.length; i++) xml += xlsxCell(values[i](batch[j]))
      return xml + '</row>'
    }),
    abort() {
      sheet?.destroy()
    },
    async end() {
      await close()
      // Deflated although tiny: a streamed entry's sizes come after its data, and SheetJS (which walks the local
      // headers) finds the end of a deflated entry by inflating it, of a stored one not at all.
      for (const [name, xml] of Object.entries(workbookParts(sheets))) {
        const part = new ZipDeflate(name, { level: 6 })
        zip.add(part)
        part.push(strToU8(xml), true)
      }
      zip.end()
    },
  }
}
