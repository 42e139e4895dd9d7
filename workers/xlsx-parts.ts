import { SpreadsheetError } from './spreadsheet-error'
import { inflateEntry, UNPACK_LIMITS, zipPart, ZipUnreadable, type ZipEntry } from './xlsx-zip'

/*
 * The small XML parts of an xlsx (workbook, relationships, styles) read whole, the big ones (shared strings, a
 * worksheet) scanned element by element as their text is inflated. Tags may carry a namespace prefix (x:row), as
 * some .NET writers give them. Strings are unescaped as SheetJS does (entities, _xHHHH_, CR LF → LF), so both
 * readers give the same text.
 */
export const SMALL_PART_LIMIT = 16 * 1024 * 1024

/** The entry's whole text; a part that inflates past `limit` bytes is refused (a zip bomb, not a workbook). */
export function partText(bytes: Uint8Array, entry: ZipEntry | undefined, limit = SMALL_PART_LIMIT): string {
  if (!entry) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  inflateEntry(bytes, entry, (piece) => {
    size += piece.length
    if (size > limit) throw new SpreadsheetError('expandsTooFar')
    text += decoder.decode(piece, { stream: true })
  })
  return text + decoder.decode()
}

/**
 * Every match of `element` (a global pattern matching one whole element) in the entry's text, in order, found as
 * the text is inflated: only the unmatched tail is kept between pieces.
 */
export function scanPart(bytes: Uint8Array, entry: ZipEntry, element: RegExp, onMatch: (m: RegExpExecArray) => void): void {
  const decoder = new TextDecoder()
  let carry = ''
  // After a scan that found nothing (one element longer than a piece), wait until the tail has doubled: rescanning
  // it on every piece would cost time quadratic in the element's length.
  let rescanAt = 0
  const tooLong = () => {
    if (carry.length > UNPACK_LIMITS.elementChars) throw new SpreadsheetError('expandsTooFar')
  }
  const scan = () => {
    element.lastIndex = 0
    let last = 0
    for (let m = element.exec(carry); m; m = element.exec(carry)) {
      onMatch(m)
      last = element.lastIndex
    }
    carry = last ? carry.slice(last) : carry
    rescanAt = last ? 0 : carry.length * 2
  }
  inflateEntry(bytes, entry, (piece) => {
    carry += decoder.decode(piece, { stream: true })
    if (carry.length >= rescanAt) scan()
    tooLong()
  })
  carry += decoder.decode()
  scan()
}

const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi
const NAMED: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' }
const CODE = /_x([\da-fA-F]{4})_/gi

export function unescapeXml(text: string): string {
  if (text.indexOf('&') < 0 && text.indexOf('_x') < 0 && text.indexOf('\r') < 0) return text
  return text
    .replace(ENTITY, (all: string, n: string | undefined) => NAMED[all.toLowerCase()] ?? codePoint(n, all.includes('x') || all.includes('X') ? 16 : 10, all))
    .replace(CODE, (_, c: string) => String.fromCharCode(parseInt(c, 16)))
    .replace(/\r\n/g, '\n')
}

function codePoint(digits: string | undefined, radix: number, all: string): string {
  const n = digits === undefined ? NaN : parseInt(digits, radix)
  return n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : all
}

const ATTRS = new Map<string, RegExp>()

/** An attribute's raw value (still escaped) in a tag's attribute text. */
export function attr(attrs: string, name: string): string | undefined {
  let pattern = ATTRS.get(name)
  if (!pattern) ATTRS.set(name, (pattern = new RegExp(`(?:^|\\s)(?:\\w+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)))
  const m = pattern.exec(attrs)
  return m ? (m[1] ?? m[2]) : undefined
}

const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g
const TEXT_RUN = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g
const PLAIN = /^\s*<(?:\w+:)?t\b[^>]*>([^<]*)/

/** A string item (<si> or <is> content): its plain text, or the text of its rich runs without phonetic guides. */
export function stringItem(inner: string): string {
  const plain = PLAIN.exec(inner)
  if (plain) return unescapeXml(plain[1])
  let text = ''
  for (const m of inner.replace(PHONETIC, '').matchAll(TEXT_RUN)) text += m[1]
  return unescapeXml(text)
}

export interface SheetRef {
  name: string
  path: string
}

export interface BookParts {
  /** The sheets in their tab order, each with the zip path of its XML. */
  sheets: SheetRef[]
  sharedStrings: string
  styles: string
}

/** Where the workbook's sheets, shared strings and styles are, as its relationships say (the usual paths if not). */
export function workbookParts(bytes: Uint8Array, entries: Map<string, ZipEntry>): BookParts {
  const rootRels = partText(bytes, zipPart(entries, '_rels/.rels'))
  const book = target(rootRels, /officeDocument$/, '') ?? 'xl/workbook.xml'
  const dir = book.includes('/') ? book.slice(0, book.lastIndexOf('/') + 1) : ''
  const workbook = partText(bytes, zipPart(entries, book))
  if (!workbook) throw new ZipUnreadable()
  const rels = partText(bytes, zipPart(entries, `${dir}_rels/${book.slice(dir.length)}.rels`))
  const sheets: SheetRef[] = []
  for (const m of workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*?)\/?>/g)) {
    const id = attr(m[1], 'id')
    const path = id === undefined ? undefined : target(rels, new RegExp(`^${id.replace(/\W/g, '\\$&')}$`), dir, 'Id')
    sheets.push({ name: unescapeXml(attr(m[1], 'name') ?? ''), path: path ?? `${dir}worksheets/sheet${sheets.length + 1}.xml` })
  }
  return {
    sheets,
    sharedStrings: target(rels, /\/sharedStrings$/, dir) ?? `${dir}sharedStrings.xml`,
    styles: target(rels, /\/styles$/, dir) ?? `${dir}styles.xml`,
  }
}

/** The target of the first relationship whose Type (or `key`) matches, as a zip path. */
function target(rels: string, match: RegExp, dir: string, key = 'Type'): string | undefined {
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*?)\/?>/g)) {
    if (!match.test(attr(m[1], key) ?? '')) continue
    const to = unescapeXml(attr(m[1], 'Target') ?? '')
    return to.startsWith('/') ? to.slice(1) : normalise(dir + to)
  }
  return undefined
}

function normalise(path: string): string {
  const out: string[] = []
  for (const part of path.split('/')) {
    if (part === '..') out.pop()
    else if (part !== '.') out.push(part)
  }
  return out.join('/')
}

/** Each cell style's number format: a format code, or the id of a built-in one. */
export function cellFormats(styles: string): (string | number)[] {
  const custom = new Map<number, string>()
  for (const m of styles.matchAll(/<(?:\w+:)?numFmt\b([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId'))
    custom.set(id, unescapeXml(attr(m[1], 'formatCode') ?? 'General'))
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? ''
  const formats: (string | number)[] = []
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId') ?? 0)
    formats.push(custom.get(id) ?? (id < 164 ? id : 0))
  }
  return formats
}
