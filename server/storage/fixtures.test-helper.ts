export { aac, amr, mp3, mp4, png } from '../seed/media-bytes'

/** Small real media for upload tests: each is what its type's structure walk (sniff.ts) takes as whole. */

/** A 1×1 baseline JPEG (SOI, APP0, DQT, SOF0, DHT, SOS, scan data, EOI). */
export const jpeg = () => new Uint8Array(Buffer.concat([Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64'), Buffer.from([0xa0, 0xff, 0xd9])]))

/** The classic 1×1 transparent GIF89a. */
export const gif = () => new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'))

/** A Windows executable's first bytes (MZ header with a PE pointer), as a renamed `.exe` would start. */
export function exe(): Uint8Array {
  const b = Buffer.alloc(512)
  b.write('MZ', 0, 'latin1')
  b.writeUInt32LE(128, 0x3c)
  b.write('PE\0\0', 128, 'latin1')
  return new Uint8Array(b)
}

export const svg = () => new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')
export const html = () => new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

/** A one-page PDF (a proof certificate's shape): header, one object, the trailer and its end-of-file marker. */
export const pdf = () => new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
  'xref\n0 3\n0000000000 65535 f \ntrailer << /Root 1 0 R /Size 3 >>\nstartxref\n0\n%%EOF\n')
