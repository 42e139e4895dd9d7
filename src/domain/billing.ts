/*
 * Content length and billing (spec section 5 and 9). Pure TypeScript with no DOM and no imports, so the
 * content editor, the worker and the server all bill with this one file (workers/billing.ts re-exports it).
 *
 * Placeholders of a point-to-point template are written `{p1}`, `{p2}`, … (`{p` + a whole number from 1 without
 * leading zeros + `}`): the spec only says "p followed by a number", and a bare `p1` collides with ordinary text
 * (`mp3`, `step2`, `P2P`, a product code `p10`); braces around it do not occur in SMS text by accident, and the
 * server's demo data already uses `{p1}`. `{pN}` takes column N (1-based) of the row; anything else, `{p0}` and
 * `{p01}` included, is literal text. Values are inserted as they are, never expanded again.
 */
export const ASCII_PER_MESSAGE = 160
export const NON_ASCII_PER_MESSAGE = 70
const PLACEHOLDER = /\{p([1-9]\d*)\}/g

export interface ContentMeasure {
  /** Code points (an unpaired surrogate counts as one). */
  chars: number
  /** UTF-8 length: 1 byte up to U+007F, 2 up to U+07FF, 3 up to U+FFFF (unpaired surrogates too), else 4. */
  bytes: number
  /** 160 when every character is at most U+007F, else 70. */
  perMessage: number
  /** 0 for empty content, else ceil(chars / perMessage). */
  messages: number
}

/** Messages billed for content of `chars` code points, all of them ASCII or not. */
export const messagesFor = (chars: number, ascii: boolean) =>
  chars === 0 ? 0 : Math.ceil(chars / (ascii ? ASCII_PER_MESSAGE : NON_ASCII_PER_MESSAGE))

export function measureContent(text: string): ContentMeasure {
  let chars = 0
  let bytes = 0
  let ascii = true
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    chars++
    if (c < 0x80) {
      bytes += 1
      continue
    }
    ascii = false
    if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return { chars, bytes, perMessage: ascii ? ASCII_PER_MESSAGE : NON_ASCII_PER_MESSAGE, messages: messagesFor(chars, ascii) }
}

/** A template split into its fixed text, measured once, and the column of each placeholder (0-based, repeats kept). */
export interface ParsedTemplate {
  fixed: ContentMeasure
  columns: number[]
}

export function parseTemplate(template: string): ParsedTemplate {
  const columns = [...template.matchAll(PLACEHOLDER)].map((m) => Number(m[1]) - 1)
  return { fixed: measureContent(template.replace(PLACEHOLDER, '')), columns }
}

/**
 * One spreadsheet column as UTF-8 (what TextEncoder gives, so always well formed): row r's value is
 * bytes[offsets[r] .. offsets[r + 1]), so offsets has one entry more than there are rows.
 */
export interface TemplateColumn {
  offsets: Uint32Array
  bytes: Uint8Array
}

export interface TemplateMeasure {
  rows: number
  /** Total messages billed: the sum over rows of measureContent(filled row).messages. */
  messages: number
  /** Totals of chars and bytes over all filled rows. */
  chars: number
  bytes: number
  /** The most messages any one row takes. */
  maxMessages: number
  /** Rows billed at 70 characters a message. */
  nonAsciiRows: number
  /** The row (0-based) whose filled message is longest, and its characters (-1 and 0 without rows). */
  longestRow: number
  longestChars: number
}

/**
 * measureContent of every row of a point-to-point send without building a single message: a row's chars, bytes
 * and ASCII-ness are the template's fixed part plus those of each value it inserts, and a value's are read off its
 * UTF-8 bytes (chars = bytes that are not continuation bytes, ASCII = no byte above 0x7F). Placeholders past the
 * last column are a caller error (check parseTemplate(t).columns first).
 */
export function measureTemplateRows(template: string, columns: readonly TemplateColumn[], rows?: number): TemplateMeasure {
  const { fixed, columns: refs } = parseTemplate(template)
  const count = rows ?? (columns.length ? columns[0].offsets.length - 1 : 0)
  for (const col of columns) {
    if (col.offsets.length !== count + 1) throw new RangeError(`every column needs ${count + 1} offsets`)
  }
  const missing = refs.find((c) => c >= columns.length)
  if (missing !== undefined) throw new RangeError(`the template uses {p${missing + 1}} but there are ${columns.length} columns`)
  const rowChars = new Float64Array(count).fill(fixed.chars)
  const nonAscii = new Uint8Array(count).fill(fixed.perMessage === ASCII_PER_MESSAGE ? 0 : 1)
  let bytes = fixed.bytes * count
  for (const c of new Set(refs)) {
    const times = refs.filter((r) => r === c).length
    bytes += times * addColumn(columns[c], times, rowChars, nonAscii)
  }
  let messages = 0
  let chars = 0
  let maxMessages = 0
  let nonAsciiRows = 0
  let longestRow = -1
  let longestChars = 0
  for (let r = 0; r < count; r++) {
    const m = messagesFor(rowChars[r], !nonAscii[r])
    messages += m
    chars += rowChars[r]
    nonAsciiRows += nonAscii[r]
    if (m > maxMessages) maxMessages = m
    if (longestRow < 0 || rowChars[r] > longestChars) {
      longestRow = r
      longestChars = rowChars[r]
    }
  }
  return { rows: count, messages, chars, bytes, maxMessages, nonAsciiRows, longestRow, longestChars }
}

/** Adds `times` × each row's value chars to rowChars, flags non-ASCII values; returns the column's byte total. */
function addColumn({ offsets, bytes }: TemplateColumn, times: number, rowChars: Float64Array, nonAscii: Uint8Array): number {
  for (let r = 0; r < rowChars.length; r++) {
    const end = offsets[r + 1]
    let continuation = 0
    let high = 0
    for (let i = offsets[r]; i < end; i++) {
      const b = bytes[i]
      high |= b
      if ((b & 0xc0) === 0x80) continuation++
    }
    rowChars[r] += times * (end - offsets[r] - continuation)
    if (high & 0x80) nonAscii[r] = 1
  }
  return offsets[rowChars.length] - offsets[0]
}

/** UTF-8 length as TextEncoder writes it (an unpaired surrogate becomes U+FFFD, 3 bytes, as measureContent counts it). */
function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) bytes += 1
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2
      i++
    } else bytes += 2
  }
  return bytes
}

/** Cells encoded per TextEncoder call in packColumns: bounds the joined string whatever the row count. */
const PACK_CHUNK = 10_000

/** Packs rows of cells into UTF-8 columns (for tests, small sends and the server); cells past a row's end are empty. */
export function packColumns(rows: readonly (readonly string[])[], columnCount: number): TemplateColumn[] {
  const encoder = new TextEncoder()
  return Array.from({ length: columnCount }, (_, c) => {
    const offsets = new Uint32Array(rows.length + 1)
    for (let r = 0; r < rows.length; r++) offsets[r + 1] = offsets[r] + utf8Length(rows[r][c] ?? '')
    const bytes = new Uint8Array(offsets[rows.length])
    for (let r = 0; r < rows.length; r += PACK_CHUNK) {
      let text = ''
      for (let k = r; k < Math.min(rows.length, r + PACK_CHUNK); k++) {
        const cell = rows[k][c] ?? ''
        // A cell ending in an unpaired high surrogate must not pair with the next cell's low one once joined.
        const last = cell.charCodeAt(cell.length - 1)
        text += last >= 0xd800 && last < 0xdc00 ? `${cell.slice(0, -1)}\ufffd` : cell
      }
      encoder.encodeInto(text, bytes.subarray(offsets[r]))
    }
    return { offsets, bytes }
  })
}
