import { crc32, deflateSync } from 'node:zlib'

/** Small real media, built in code: demo materials (seed) and upload tests share them. */

function pngChunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A `w`×`h` RGB PNG of one colour; `pad` adds an ancillary text chunk of that many bytes (sizes past a limit). */
export function png(w = 2, h = 2, pad = 0, rgb: [number, number, number] = [220, 40, 40]): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3)
  const chunks = [pngChunk('IHDR', ihdr)]
  if (pad) chunks.push(pngChunk('tEXt', Buffer.alloc(pad, 0x61)))
  chunks.push(pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', new Uint8Array()))
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]))
}

function box(type: string, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/** An ISO-BMFF MP4 skeleton: ftyp (isom), moov with an mvhd, and `dataBytes` of media data. */
export function mp4(dataBytes = 256): Uint8Array {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1'))
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(0x00010000, 20)
  const moov = box('moov', box('mvhd', mvhd))
  return new Uint8Array(Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(dataBytes, 7))]))
}

/** An MP3: an ID3v2 tag, then MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
export function mp3(frames = 4): Uint8Array {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  return new Uint8Array(Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]))
}

/** An AAC stream in ADTS: `frames` frames of MPEG-4 AAC LC, 44.1 kHz stereo, 7-byte headers without CRC. */
export function aac(frames = 4, payload = 200): Uint8Array {
  const len = 7 + payload
  const frame = Buffer.alloc(len)
  // sync 0xFFF, MPEG-4, layer 0, no CRC; profile LC, 44.1 kHz, stereo; the 13-bit frame length; buffer fullness 0x7FF.
  frame.set([0xff, 0xf1, 0x50, 0x80 | ((len >> 11) & 0x03), (len >> 3) & 0xff, ((len & 0x07) << 5) | 0x1f, 0xfc])
  return new Uint8Array(Buffer.concat(Array.from({ length: frames }, () => frame)))
}

/**
 * An AMR-NB file: the `#!AMR\n` header, then 12.2 kbit/s speech frames (a table-of-contents byte and 31 bytes of
 * `fill`). AMR has no sync word: zero bytes are valid table-of-contents bytes themselves (4.75 kbit/s frames), so a
 * walk that lands in zero speech bytes can go on to the end; 0xFF is no valid table of contents.
 */
export function amr(frames = 8, fill = 0): Uint8Array {
  const frame = Buffer.alloc(32, fill)
  frame[0] = 0x3c
  return new Uint8Array(Buffer.concat([Buffer.from('#!AMR\n', 'latin1'), ...Array.from({ length: frames }, () => frame)]))
}
