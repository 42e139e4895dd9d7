import { deflateSync } from 'node:zlib'

/*
 * Media files the template browser tests upload, made here so nothing binary is checked in: a real PNG of any size
 * (zlib-compressed rows, correct CRCs), and the bad files of each kind the upload rules refuse.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A w×h RGB PNG in one colour; `noise` adds incompressible bytes so a size over a limit is easy to reach. */
export function png(w = 64, h = 48, rgb: [number, number, number] = [30, 120, 220], noise = false): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const row = (y: number) => {
    const r = Buffer.alloc(1 + w * 3)
    for (let x = 0; x < w; x++) {
      const n = noise ? (x * 7919 + y * 104729) ^ ((x * y * 2654435761) >>> 7) : 0
      r[1 + x * 3] = (rgb[0] + n) & 0xff
      r[2 + x * 3] = (rgb[1] + (n >>> 8)) & 0xff
      r[3 + x * 3] = (rgb[2] + (n >>> 16)) & 0xff
    }
    return r
  }
  const raw = Buffer.concat(Array.from({ length: h }, (_, y) => row(y)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: noise ? 0 : 9 })), chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A Windows program (MZ header) wearing a picture's name. */
export const renamedExe = () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(200, 0x41)])

/** The start of an MP4 (its ftyp box) and nothing after: a truncated video. */
export const truncatedMp4 = () => {
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftypisom', 4, 'ascii')
  ftyp.writeUInt32BE(0x200, 12)
  ftyp.write('isommp41', 16, 'ascii')
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0x40, 0, 0x6d, 0x64, 0x61, 0x74])])
}

/** An HTML page named as audio: active content the store must never take. */
export const htmlAsMp3 = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
