import { Deflate, deflateSync, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sheetNames, sheetToTsv } from './spreadsheet'
import { UNPACK_LIMITS } from './xlsx-zip'

/*
 * Zip bombs: a workbook of a few kilobytes whose sheet part unpacks past UNPACK_LIMITS. The reader must say so
 * (expandsTooFar, not "too large", which is about the file) and stop as soon as a bound is passed. The bounds are
 * lowered here (16 MB a part, 4M characters an element) so the bombs are quick to make; the time to refusal at the
 * real bounds is a figure in docs/security.md, measured once, not asserted.
 */

const SHEET = 'xl/worksheets/sheet1.xml'
const MB = 1024 * 1024

/** `unit` repeated until `bytes`, deflated a megabyte at a time: the bomb's text never exists whole. */
function deflatedRepeat(unit: string, bytes: number): Uint8Array {
  const chunk = new TextEncoder().encode(unit.repeat(Math.ceil(MB / unit.length)))
  const out: Uint8Array[] = []
  const deflate = new Deflate({ level: 1 }, (piece) => out.push(piece))
  deflate.push(new TextEncoder().encode('<worksheet><sheetData>'))
  for (let n = 0; n < bytes; n += chunk.length) deflate.push(chunk)
  deflate.push(new TextEncoder().encode('</sheetData></worksheet>'), true)
  return concat(out)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return all
}

/** A zip of deflated parts with the sizes given (the reader checks no CRC, so none is written). */
function zip(parts: { name: string; data: Uint8Array; declared: number }[]): Uint8Array {
  const local: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const p of parts) {
    const name = new TextEncoder().encode(p.name)
    const head = new DataView(new ArrayBuffer(30))
    head.setUint32(0, 0x04034b50, true)
    head.setUint16(8, 8, true)
    head.setUint32(18, p.data.length, true)
    head.setUint32(22, p.declared, true)
    head.setUint16(26, name.length, true)
    local.push(new Uint8Array(head.buffer), name, p.data)
    const dir = new DataView(new ArrayBuffer(46))
    dir.setUint32(0, 0x02014b50, true)
    dir.setUint16(10, 8, true)
    dir.setUint32(20, p.data.length, true)
    dir.setUint32(24, p.declared, true)
    dir.setUint16(28, name.length, true)
    dir.setUint32(42, offset, true)
    central.push(new Uint8Array(dir.buffer), name)
    offset += 30 + name.length + p.data.length
  }
  const dirBytes = concat(central)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, parts.length, true)
  end.setUint16(10, parts.length, true)
  end.setUint32(12, dirBytes.length, true)
  end.setUint32(16, offset, true)
  return concat([...local, dirBytes, new Uint8Array(end.buffer)])
}

/** The parts of a real one-sheet workbook, with the sheet replaced by `sheet` (already deflated). */
function workbookWith(sheet: Uint8Array, declared: number): Uint8Array {
  const book: Record<string, string> = {
    '[Content_Types].xml': '<Types/>',
    '_rels/.rels': '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': '<workbook><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  }
  const parts = Object.entries(book).map(([name, text]) => {
    const data = new TextEncoder().encode(text)
    return { name, data: deflateSync(data), declared: data.length }
  })
  return zip([...parts, { name: SHEET, data: sheet, declared }])
}

/** The refusal and how long it took (printed: a figure to read, not a timed assertion). */
function refusal(label: string, file: Uint8Array): string {
  const started = performance.now()
  let code = 'read'
  try {
    sheetToTsv(file)
  } catch (e) {
    code = e instanceof Error ? e.message : String(e)
  }
  console.log(`${label}: ${(file.length / 1024).toFixed(0)} KB on disk, refused as ${code} after ${(performance.now() - started).toFixed(0)} ms`)
  return code
}

describe('a zip bomb xlsx', () => {
  const real = { ...UNPACK_LIMITS }
  beforeAll(() => Object.assign(UNPACK_LIMITS, { partBytes: 16 * MB, elementChars: 4 * MB }))
  afterAll(() => Object.assign(UNPACK_LIMITS, real))
  const past = 16 * MB + 4 * MB
  // Rows that all say they are row 1: each is scanned and dropped, so only the inflated count can stop them.
  const rows = deflatedRepeat('<row r="1"><c r="A1"><v>13800138000</v></c></row>', past)

  it('is read like any workbook while small: the bomb kit makes real workbooks', () => {
    const small = deflatedRepeat('<row r="1"><c r="A1"><v>13800138000</v></c></row>', MB)
    const file = workbookWith(small, 0)
    expect(sheetNames(file)).toEqual(['Sheet1'])
    expect(new TextDecoder().decode(sheetToTsv(file).tsv)).toBe('13800138000\n')
    // The real upload's own parts still unzip as a zip tool reads them.
    expect(Object.keys(unzipSync(file))).toContain(SHEET)
  })

  it('refuses a sheet part that says it unpacks past the bound before inflating anything', () => {
    expect(refusal('honest header', workbookWith(rows, past))).toBe('expandsTooFar')
    // At the real bound too: a part that claims 4 GB is refused without being read.
    Object.assign(UNPACK_LIMITS, real)
    try {
      expect(refusal('honest header, real bound', workbookWith(rows, 0xffffffff))).toBe('expandsTooFar')
    } finally {
      Object.assign(UNPACK_LIMITS, { partBytes: 16 * MB, elementChars: 4 * MB })
    }
  })

  it('refuses one whose header lies as soon as its inflated count passes the bound', () => {
    expect(refusal('lying header', workbookWith(rows, 1000))).toBe('expandsTooFar')
  })

  it('refuses text that never completes an element (a sheet of spaces) without keeping it whole', () => {
    expect(refusal('spaces', workbookWith(deflatedRepeat(' ', past), 1000))).toBe('expandsTooFar')
  })
})
