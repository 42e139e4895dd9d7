import { Inflate } from 'fflate'
import { SpreadsheetError } from './spreadsheet-error'

/*
 * The parts of an xlsx (a zip) found through its central directory, and one part inflated a slice at a time, so a
 * 60 MB worksheet XML never exists whole: its text is handed on in pieces of about STEP × the compression ratio.
 * Zip64 is not read (a 15 MB upload never needs it); a file cut short has no end record and is refused.
 */

/**
 * What a workbook may unpack to. A 15 MB upload of real sheets unpacks to a few times its size (a sheet of a
 * million mobiles and three values is ~130 MB of XML); deflate reaches ~1000×, so a small file can claim gigabytes.
 * - partBytes: one part inflated. A part that says it is bigger is refused before any inflating, one that lies the
 *   moment its running count passes the bound, so time and memory stay those of the largest real workbook.
 * - elementChars: one element (a row, a shared string) while scanned; real ones are kilobytes, and text that never
 *   completes one (a part of spaces) would otherwise be kept whole.
 * Exported as an object so tests can lower them.
 */
export const UNPACK_LIMITS = { partBytes: 256 * 1024 * 1024, elementChars: 32 * 1024 * 1024 }
export class ZipUnreadable extends Error {
  constructor() {
    super('unreadable')
  }
}

export interface ZipEntry {
  method: number
  /** Where the compressed bytes start and how many there are. */
  start: number
  size: number
  originalSize: number
}

const END = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STEP = 64 * 1024

export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : fail())
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : fail())
  let end = bytes.length - 22
  const stop = Math.max(0, end - 0xffff)
  while (end >= stop && u32(end) !== END) end--
  if (end < stop) fail()
  const count = u16(end + 10)
  let at = u32(end + 16)
  const names = new TextDecoder()
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (u32(at) !== CENTRAL) fail()
    const nameLength = u16(at + 28)
    const local = u32(at + 42)
    if (u32(local) !== LOCAL) fail()
    const entry: ZipEntry = {
      method: u16(at + 10),
      size: u32(at + 20),
      originalSize: u32(at + 24),
      start: local + 30 + u16(local + 26) + u16(local + 28),
    }
    if (entry.start + entry.size > bytes.length) fail()
    entries.set(partKey(names.decode(bytes.subarray(at + 46, at + 46 + nameLength))), entry)
    at += 46 + nameLength + u16(at + 30) + u16(at + 32)
  }
  return entries
}

// Some writers spell part names in other cases or with backslashes; a part is found whatever its spelling.
const partKey = (name: string) => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase()

export const zipPart = (entries: Map<string, ZipEntry>, name: string): ZipEntry | undefined => entries.get(partKey(name))

/** The entry's uncompressed bytes, piece by piece, to `onData`; throws ZipUnreadable on a damaged stream. */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, onData: (piece: Uint8Array) => void): void {
  const data = bytes.subarray(entry.start, entry.start + entry.size)
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += STEP) onData(data.subarray(at, at + STEP))
    return
  }
  if (entry.method !== 8) fail()
  if (entry.originalSize > UNPACK_LIMITS.partBytes) throw new SpreadsheetError('expandsTooFar')
  let done = false
  let inflated = 0
  const inflate = new Inflate((piece, final) => {
    inflated += piece.length
    if (inflated > UNPACK_LIMITS.partBytes) throw new SpreadsheetError('expandsTooFar')
    onData(piece)
    if (final) done = true
  })
  try {
    for (let at = 0; at < data.length; at += STEP) inflate.push(data.subarray(at, at + STEP), at + STEP >= data.length)
    if (data.length === 0) inflate.push(data, true)
  } catch (e) {
    // fflate's own errors carry a numeric code; anything else (a limit the reader hit) goes on as it is.
    if (e instanceof Error && typeof (e as { code?: unknown }).code === 'number') fail()
    throw e
  }
  if (!done) fail()
}

function fail(): never {
  throw new ZipUnreadable()
}
