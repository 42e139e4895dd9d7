import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.test-helper'
import { csvCell, csvWriter, xlsxWriter } from './writers'

const collect = (make: (push: (c: Uint8Array) => void) => { start(h: string[]): void; rows(r: (string | number | null)[][]): void; end(): void }) => {
  const chunks: Uint8Array[] = []
  const w = make((c) => chunks.push(c))
  return { w, bytes: () => new Uint8Array(chunks.flatMap((c) => [...c])) }
}

describe('file writers', () => {
  it('csv quotes separators and quotes, and neutralises formula cells but not numbers', () => {
    expect(csvCell('=1+2')).toBe("'=1+2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('+86 138')).toBe("'+86 138")
    expect(csvCell('-x')).toBe("'-x")
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell('a,"b"\r\nc')).toBe('"a,""b""\r\nc"')
    const { w, bytes } = collect(csvWriter)
    w.start(['账号', 'Content'])
    w.rows([['acme', '你好, "世界"'], ['x', null]])
    expect(parseCsv(new TextDecoder().decode(bytes()))).toEqual([['账号', 'Content'], ['acme', '你好, "世界"'], ['x', '']])
  })

  it('xlsx escapes XML, drops control characters and continues on a new sheet past the row limit', () => {
    const { w, bytes } = collect((push) => xlsxWriter(push, 2))
    w.start(['h'])
    w.rows([['<a&b>'], ['bell\u0007'], [3]])
    w.end()
    const files = unzipSync(bytes())
    expect(strFromU8(files['xl/workbook.xml'])).toContain('sheetId="2"')
    expect(strFromU8(files['xl/worksheets/sheet1.xml'])).toContain('&lt;a&amp;b&gt;</t>')
    expect(strFromU8(files['xl/worksheets/sheet1.xml'])).toContain('>bell</t>')
    expect(strFromU8(files['xl/worksheets/sheet2.xml'])).toMatch(/<row><c t="inlineStr"><is><t xml:space="preserve">h<\/t><\/is><\/c><\/row><row><c><v>3<\/v><\/c><\/row>/)
  })
})
