/** The chunked side of the CSV worker (csv.worker.ts), or anything shaped like it (tests, the bench). */
export interface CsvSink {
  open(header: string[]): Promise<number> | number
  append(id: number, rows: unknown[][]): Promise<void> | void
  close(id: number): Promise<Uint8Array> | Uint8Array
}

/** Rows per message: copying 5,000 rows costs the page a few milliseconds, well under a long task (50 ms). */
export const CSV_CHUNK_ROWS = 5000

/**
 * Sends the rows to the sink a chunk at a time, awaiting each, so the main thread runs its frames between copies;
 * one message with a million rows would block it for about a second.
 */
export async function csvInChunks(sink: CsvSink, header: string[], rows: unknown[][], chunkRows = CSV_CHUNK_ROWS): Promise<Uint8Array> {
  const id = await sink.open(header)
  for (let i = 0; i < rows.length; i += chunkRows) await sink.append(id, rows.slice(i, i + chunkRows))
  return sink.close(id)
}
