import { fileTypeFromBuffer } from 'file-type'
import { aacWhole, amrWhole, mp3Whole } from './sniff-audio'

/**
 * What an upload really is, by its bytes (file-type), and whether its structure is whole. A renamed `.exe`, an HTML
 * or an SVG page has no media signature and comes back null; a PNG, JPEG, GIF or MP4 cut short fails its structure
 * walk; audio is walked frame by frame (sniff-audio.ts). The walks read headers only (chunk and box lengths), so their cost is bounded by the number of chunks.
 */
export interface Sniffed {
  contentType: string | null
  /** false: the file starts like its type but its structure is cut short or broken */
  whole: boolean
}

export async function sniff(bytes: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(bytes)
  if (!found) return { contentType: null, whole: false }
  // MPEG audio Layer I and II share audio/mpeg with MP3; they are another type, which no purpose takes.
  if (found.mime === 'audio/mpeg' && found.ext !== 'mp3') return { contentType: `audio/x-${found.ext}`, whole: false }
  const check = STRUCTURE[found.mime]
  return { contentType: found.mime, whole: check ? check(bytes) : true }
}

const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0
const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1]
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n))

/** PDF: the end-of-file marker within the last kilobyte (ISO 32000-1, 7.5.5; a cut-short download lacks it). */
export function pdfWhole(b: Uint8Array): boolean {
  return ascii(b, Math.max(0, b.length - 1024), 1024).includes('%%EOF')
}

/** PNG: signature, then chunks (length, type, data, CRC) each inside the file, up to IEND. */
export function pngWhole(b: Uint8Array): boolean {
  let i = 8
  while (i + 12 <= b.length) {
    const len = u32(b, i)
    const type = ascii(b, i + 4, 4)
    const next = i + 12 + len
    if (next > b.length) return false
    if (type === 'IEND') return true
    i = next
  }
  return false
}

/** JPEG: marker segments with their lengths up to the scan (SOS), then an end-of-image marker after it. */
export function jpegWhole(b: Uint8Array): boolean {
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false
    const marker = b[i + 1]
    if (marker === 0xff) {
      i += 1
      continue
    }
    // Stand-alone markers (RSTn, TEM) have no length.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    const len = u16(b, i + 2)
    if (len < 2 || i + 2 + len > b.length) return false
    if (marker === 0xda) {
      // Entropy-coded data follows; a whole file ends with FFD9 (trailing padding of zeros is tolerated).
      let end = b.length
      while (end > i && b[end - 1] === 0) end--
      return end - 2 > i + 2 + len && b[end - 2] === 0xff && b[end - 1] === 0xd9
    }
    i += 2 + len
  }
  return false
}

/** GIF: at least a header and a logical screen, ending with the trailer byte. */
export const gifWhole = (b: Uint8Array) => b.length > 13 && b[b.length - 1] === 0x3b

/**
 * ISO base media (MP4, M4A): top-level boxes that tile the file exactly, with `moov` (the index a player needs)
 * and media data. A download cut short leaves its last box longer than what is left.
 */
export function isoWhole(b: Uint8Array): boolean {
  let i = 0
  const seen = new Set<string>()
  while (i < b.length) {
    if (i + 8 > b.length) return false
    let size = u32(b, i)
    const type = ascii(b, i + 4, 4)
    if (size === 1) {
      if (i + 16 > b.length) return false
      const high = u32(b, i + 8)
      size = high * 2 ** 32 + u32(b, i + 12)
    } else if (size === 0) {
      size = b.length - i
    }
    if (size < 8 || i + size > b.length) return false
    seen.add(type)
    i += size
  }
  return seen.has('ftyp') && seen.has('moov') && (seen.has('mdat') || seen.has('moof'))
}

const STRUCTURE: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': pngWhole,
  'image/jpeg': jpegWhole,
  'image/gif': gifWhole,
  'video/mp4': isoWhole,
  'audio/x-m4a': isoWhole,
  'audio/mp4': isoWhole,
  'audio/mpeg': mp3Whole,
  'audio/aac': aacWhole,
  'application/pdf': pdfWhole,
  'audio/amr': amrWhole,
}
