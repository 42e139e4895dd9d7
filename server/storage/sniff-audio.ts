/**
 * Structure walks of the audio kinds that have no index or end marker (MP3, AAC in ADTS, AMR): a whole stream is a
 * run of frames, each header giving its length, that ends exactly at the end of the file (an ID3v1 tag may follow).
 * A file cut inside a frame leaves its last frame longer than what is left. A cut exactly between two frames is a
 * shorter stream that plays to its end: audio has nothing that tells it apart, so it passes like any short clip.
 * The walks read only the headers; the cost is bounded by the number of frames (each at least 6 bytes).
 */

/** Where the frames start: after an ID3v2 tag (10-byte header, synch-safe size, optional 10-byte footer), if any. */
function afterId3v2(b: Uint8Array): number {
  if (!(b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33)) return 0
  if (b.length < 10) return -1
  const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f)
  return 10 + size + (b[5] & 0x10 ? 10 : 0)
}

/** The end of the frames: before an ID3v1 tag (`TAG`, 128 bytes) at the very end, if there is one. */
function framesEnd(b: Uint8Array, start: number): number {
  const t = b.length - 128
  return t >= start && b[t] === 0x54 && b[t + 1] === 0x41 && b[t + 2] === 0x47 ? t : b.length
}

/** Walks frames from `start` to `end`; `frameLength` answers a frame's length at `i`, or 0 when no frame starts there. */
function tiles(start: number, end: number, frameLength: (i: number) => number): boolean {
  if (start < 0 || start >= end) return false
  let i = start
  while (i < end) {
    const n = frameLength(i)
    if (n <= 0 || i + n > end) return false
    i += n
  }
  return true
}

const MP3_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0],
}
const MP3_HZ = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<number, number[]>

/** One MPEG audio Layer III frame header at `i` (any version); free-format and reserved values are refused. */
function mp3Frame(b: Uint8Array, i: number): number {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) return 0
  const version = (b[i + 1] >> 3) & 0x03
  const layer = (b[i + 1] >> 1) & 0x03
  if (version === 1 || layer !== 1) return 0
  const kbps = (version === 3 ? MP3_KBPS.v1 : MP3_KBPS.v2)[b[i + 2] >> 4]
  const hz = MP3_HZ[version][(b[i + 2] >> 2) & 0x03]
  if (!kbps || !hz) return 0
  const padding = (b[i + 2] >> 1) & 0x01
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / hz) + padding
}

/** MP3: an optional ID3v2 tag, Layer III frames to the end, an optional ID3v1 tag. */
export function mp3Whole(b: Uint8Array): boolean {
  const start = afterId3v2(b)
  return tiles(start, framesEnd(b, start), (i) => mp3Frame(b, i))
}

/** AAC in ADTS: 0xFFF sync, layer 0, a 13-bit frame length that includes the header (7 bytes, 9 with CRC). */
export function aacWhole(b: Uint8Array): boolean {
  const start = afterId3v2(b)
  return tiles(start, framesEnd(b, start), (i) => {
    if (i + 7 > b.length || b[i] !== 0xff || (b[i + 1] & 0xf6) !== 0xf0) return 0
    const len = ((b[i + 3] & 0x03) << 11) | (b[i + 4] << 3) | (b[i + 5] >> 5)
    return len >= (b[i + 1] & 0x01 ? 7 : 9) ? len : 0
  })
}

/** Bytes of a frame after its table-of-contents byte, per frame type (3GPP TS 26.101 / 26.201, RFC 4867 §5); -1: reserved. */
const AMR_NB = [12, 13, 15, 17, 19, 20, 26, 31, 5, -1, -1, -1, -1, -1, -1, 0]
const AMR_WB = [17, 23, 32, 36, 40, 46, 50, 58, 60, 5, -1, -1, -1, -1, 0, 0]

/** AMR (narrow or wide band, single channel): the magic line, then frames that each begin with a ToC byte. */
export function amrWhole(b: Uint8Array): boolean {
  const head = String.fromCharCode(...b.subarray(0, 9))
  const [start, sizes] = head.startsWith('#!AMR-WB\n') ? [9, AMR_WB] : head.startsWith('#!AMR\n') ? [6, AMR_NB] : [-1, AMR_NB]
  return tiles(start, b.length, (i) => {
    // F bit (more frames in this packet) and the two padding bits are 0 in the storage format.
    if (b[i] & 0x83) return 0
    const size = sizes[(b[i] >> 3) & 0x0f]
    return size < 0 ? 0 : 1 + size
  })
}
