import { describe, expect, it } from 'vitest'
import { CsvBuilder, toCsv } from '../src/domain/csv'
import { csvInChunks, type CsvSink } from './csv-chunks'

/** An in-process stand-in for the worker: the same builder, counting the messages it receives. */
function localSink() {
  const open = new Map<number, CsvBuilder>()
  const appended: number[] = []
  const sink: CsvSink = {
    open: (header) => (open.set(open.size + 1, new CsvBuilder(header)), open.size),
    append: (id, rows) => void (appended.push(rows.length), open.get(id)!.append(rows)),
    close: (id) => open.get(id)!.finish(),
  }
  return { sink, appended }
}

describe('csvInChunks', () => {
  const header = ['手机号码', '内容']
  const rows = Array.from({ length: 12_345 }, (_, i) => [`138${String(i).padStart(8, '0')}`, i % 3 ? `内容 ${i}` : '=SUM(A1)'])

  it('gives exactly the bytes of one toCsv call', async () => {
    const { sink } = localSink()
    expect(await csvInChunks(sink, header, rows)).toEqual(toCsv(header, rows))
  })

  it('sends no message larger than the chunk size', async () => {
    const { sink, appended } = localSink()
    await csvInChunks(sink, header, rows, 5000)
    expect(appended).toEqual([5000, 5000, 2345])
  })

  it('writes only the header for no rows', async () => {
    const { sink, appended } = localSink()
    expect(await csvInChunks(sink, header, [])).toEqual(toCsv(header, []))
    expect(appended).toEqual([])
  })
})
