import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate'

/** A cell as files hold it: text, a number, or empty. */
export type Cell = string | number | null | undefined

/** Turns rows into file bytes; `rows` may be called any number of times, `end` once. */
export interface FileWriter {
  readonly contentType: string
  readonly extension: string
  start(headers: string[]): void
  rows(rows: Cell[][]): void
  end(): void
}

// ---- csv ----

/** Cells Excel would read as a formula (=, +, -, @, and tab/CR that some readers strip first) get a leading quote. */
export function neutraliseFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
}

export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return String(v)
  const s = neutraliseFormula(v)
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** UTF-8 with a BOM (so Excel opens Chinese text), CRLF line ends, RFC 4180 quoting. */
export function csvWriter(push: (chunk: Uint8Array) => void): FileWriter {
  const enc = new TextEncoder()
  const line = (cells: Cell[]) => cells.map(csvCell).join(',') + '\r\n'
  return {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    start: (headers) => push(enc.encode('\uFEFF' + line(headers))),
    rows: (rows) => push(enc.encode(rows.map(line).join(''))),
    end: () => undefined,
  }
}

// ---- xlsx (SpreadsheetML written by hand, zipped as it goes) ----

/** Excel's last row is 1,048,576; one is the header. Longer files continue on a new sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575

// XML 1.0 forbids most control characters; a stray one in an SMS body must not corrupt the file.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
const xmlText = (s: string) =>
  s.replace(INVALID_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function xlsxCell(v: Cell): string {
  if (v === null || v === undefined || v === '') return '<c/>'
  if (typeof v === 'number' && Number.isFinite(v)) return `<c><v>${v}</v></c>`
  // Inline strings are never formulas, so no neutralising is needed here.
  return `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(String(v))}</t></is></c>`
}
const xlsxRow = (cells: Cell[]) => `<row>${cells.map(xlsxCell).join('')}</row>`

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
 * Streams an xlsx: each sheet is one deflated zip entry written row batch by row batch (fflate's synchronous
 * streaming zip), inline strings instead of a shared-strings table (which would have to be held in memory), and
 * the small workbook parts last, once the sheet count is known. Memory stays at one batch of rows.
 */
export function xlsxWriter(push: (chunk: Uint8Array) => void, rowsPerSheet = XLSX_ROWS_PER_SHEET): FileWriter {
  const zip = new Zip((err, chunk) => {
    if (err) throw err
    push(chunk)
  })
  let headerXml = ''
  let sheet: ZipDeflate | null = null
  let sheets = 0
  let inSheet = 0
  const open = () => {
    sheets += 1
    sheet = new ZipDeflate(`xl/worksheets/sheet${sheets}.xml`, { level: 6 })
    zip.add(sheet)
    sheet.push(strToU8(SHEET_HEAD + headerXml))
    inSheet = 0
  }
  const close = () => sheet?.push(strToU8(SHEET_TAIL), true)
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    start(headers) {
      headerXml = xlsxRow(headers)
      open()
    },
    rows(rows) {
      let i = 0
      while (i < rows.length) {
        if (inSheet === rowsPerSheet) {
          close()
          open()
        }
        const take = Math.min(rows.length - i, rowsPerSheet - inSheet)
        sheet!.push(strToU8(rows.slice(i, i + take).map(xlsxRow).join('')))
        inSheet += take
        i += take
      }
    },
    end() {
      close()
      for (const [name, xml] of Object.entries(workbookParts(sheets))) {
        const part = new ZipPassThrough(name)
        zip.add(part)
        part.push(strToU8(xml), true)
      }
      zip.end()
    },
  }
}
