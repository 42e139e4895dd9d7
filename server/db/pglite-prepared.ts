import { createHash } from 'node:crypto'
import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import { STATEMENTS_PER_CONNECTION } from './prepared'

/**
 * Named statements on PGlite, which its `query` does not offer: every `query` parses, describes, plans and runs a
 * statement in five calls into the WebAssembly module. A statement prepared once (Parse, Describe) then runs as one
 * call (Bind, Describe, Execute, Sync), and PostgreSQL plans it once when its generic plan is as good as the custom
 * ones. Same locks as `query` (the transaction lock, then the query lock), same type parsers and serializers, so
 * rows read alike. At most STATEMENTS_PER_CONNECTION statements are kept, least recently used closed first.
 */
interface Statement {
  name: string
  paramTypes: number[]
}

const statements = new WeakMap<PGlite, Map<string, Statement>>()
const { serialize } = protocol

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

async function prepare(pg: PGlite, cache: Map<string, Statement>, text: string): Promise<Statement> {
  const name = `q_${createHash('sha1').update(text).digest('base64url')}`
  const closing = []
  while (cache.size >= STATEMENTS_PER_CONNECTION) {
    const [oldText, old] = cache.entries().next().value!
    cache.delete(oldText)
    closing.push(serialize.close({ type: 'S', name: old.name }))
  }
  // A refused statement throws here and leaves nothing prepared (the Sync sent with it ends the error).
  const messages = [...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]
  const described = await pg.execProtocol(concat(messages), { syncToFs: false })
  const st = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) }
  cache.set(text, st)
  return st
}

/** `parsers`: the whole set to read the rows with instead of PGlite's own. */
export async function queryPrepared<T>(pg: PGlite, text: string, params: unknown[] = [], parsers?: PGlite['parsers']): Promise<T[]> {
  await pg._checkReady()
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
    let cache = statements.get(pg)
    if (!cache) statements.set(pg, (cache = new Map()))
    let st = cache.get(text)
    if (st) {
      cache.delete(text)
      cache.set(text, st)
    } else {
      st = await prepare(pg, cache, text)
    }
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null
      const ser = pg.serializers[st.paramTypes[i]]
      return ser ? ser(v) : String(v)
    })
    const { messages } = await pg.execProtocol(
      concat([serialize.bind({ statement: st.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    )
    return parse.parseResults(messages, parsers ?? pg.parsers)[0].rows as T[]
  }))
}

const DATA_ROW = 0x44 // 'D'
const ERROR = 0x45 // 'E'

/**
 * The first row of a statement as its fields' bytes (text format, null for NULL), undefined when it gave no row,
 * `'error'` when the statement failed (the caller runs it the ordinary way to get its error). For one large text (a
 * download's batch, text-batches.ts): PGlite's own path copies the answer twice, decodes it into a string and the
 * writer encoded it back, a sixth of a batch's time. The statement is unnamed, as `query`'s are, so it is planned
 * for its values: for a status filter, the generic plan a named one falls to after five runs (on the planner's
 * estimate) was a bitmap scan sorting every matching record before each batch.
 */
export async function firstRowBytes(pg: PGlite, text: string, params: unknown[] = []): Promise<(Uint8Array | null)[] | undefined | 'error'> {
  await pg._checkReady()
  const chunks: Uint8Array[] = []
  await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
    // A refused statement throws here, as query would.
    const described = await pg.execProtocol(concat([serialize.parse({ text }), serialize.describe({ type: 'S' }), serialize.sync()]), { syncToFs: false })
    const types = parse.parseDescribeStatementResults(described.messages)
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null
      const ser = pg.serializers[types[i]]
      return ser ? ser(v) : String(v)
    })
    // (the chunks are views of PGlite's buffers, copied as they come)
    await pg.execProtocolRawStream(concat([serialize.bind({ values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, onRawData: (b) => chunks.push(b.slice()) })
  }))
  const data = chunks.length === 1 ? chunks[0] : concat(chunks)
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  for (let at = 0; at + 5 <= data.length; at += 1 + view.getInt32(at + 1)) {
    if (data[at] === ERROR) return 'error'
    if (data[at] !== DATA_ROW) continue
    const fields: (Uint8Array | null)[] = []
    let f = at + 7
    for (let i = view.getInt16(at + 5); i > 0; i--) {
      const len = view.getInt32(f)
      fields.push(len < 0 ? null : data.subarray(f + 4, f + 4 + len))
      f += 4 + Math.max(len, 0)
    }
    return fields
  }
  return undefined
}
