import { describe, expect, it } from 'vitest'
import { aac, amr, mp3 } from './fixtures.test-helper'
import { sniff } from './sniff'

/** Frame boundaries of a fixture: where a cut leaves a shorter stream that is still whole. */
function boundaries(start: number, frame: number, frames: number): Set<number> {
  return new Set(Array.from({ length: frames }, (_, k) => start + (k + 1) * frame))
}

const id3v1 = () => {
  const tag = new Uint8Array(128)
  tag.set([0x54, 0x41, 0x47])
  return tag
}

describe('sniff: MP3, AAC and AMR are walked frame by frame', () => {
  const cases = [
    { name: 'MP3', bytes: mp3(4), type: 'audio/mpeg', whole: boundaries(10, 417, 4) },
    { name: 'AAC', bytes: aac(4), type: 'audio/aac', whole: boundaries(0, 207, 4) },
    // Speech bytes that are no table of contents: with zeros a damaged header can start a chain of valid 4.75 kbit/s
    // frames through them that ends exactly at the end (38 = 0x40, a 6-byte SID frame, then 11 zero frames of 14).
    { name: 'AMR', bytes: amr(6, 0xff), type: 'audio/amr', whole: boundaries(6, 32, 6) },
  ]

  it('takes each fixture as whole and of its type', async () => {
    for (const c of cases) expect(await sniff(c.bytes), c.name).toEqual({ contentType: c.type, whole: true })
  })

  it('refuses a file cut at any point inside a frame; a cut between frames is a shorter clip', async () => {
    for (const c of cases) {
      for (let cut = 1; cut < c.bytes.length; cut++) {
        const got = await sniff(c.bytes.slice(0, cut))
        // Too short to be recognised at all is refused as well (no type).
        expect(got.whole, `${c.name} cut at ${cut}`).toBe(c.whole.has(cut))
      }
    }
  })

  it('refuses a frame whose header was damaged anywhere in the stream (every byte value, every later frame)', async () => {
    for (const c of cases) {
      const headers = [...c.whole].slice(0, -1)
      const accepted: string[] = []
      for (const at of headers) {
        for (let junk = 0; junk <= 255; junk++) {
          const b = c.bytes.slice()
          // The first byte of a later frame's header: 0xFF sync (MP3, AAC) or the ToC byte (AMR), replaced; an AMR
          // ToC differing only in its quality bit is the same frame.
          if (junk === b[at] || (c.name === 'AMR' && (junk & 0x83) === 0 && junk >> 3 === b[at] >> 3)) continue
          b[at] = junk
          if ((await sniff(b)).whole) accepted.push(`${c.name} byte ${at} = ${junk}`)
        }
      }
      expect(accepted).toEqual([])
    }
  })

  it('allows the tags players allow: ID3v2 before, ID3v1 after', async () => {
    const tagged = new Uint8Array([...mp3(3), ...id3v1()])
    expect(await sniff(tagged)).toEqual({ contentType: 'audio/mpeg', whole: true })
    const adts = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4, ...aac(2), ...id3v1()])
    expect(await sniff(adts)).toEqual({ contentType: 'audio/aac', whole: true })
    // Anything else after the frames (here 5 bytes of junk) is not a stream a player ends cleanly.
    expect((await sniff(new Uint8Array([...mp3(3), 1, 2, 3, 4, 5]))).whole).toBe(false)
  })

  it('reads AMR wide band, and refuses reserved frame types and multi-channel AMR', async () => {
    const wb = new Uint8Array([...new TextEncoder().encode('#!AMR-WB\n'), 0x44, ...new Uint8Array(60), 0x7c])
    expect(await sniff(wb)).toEqual({ contentType: 'audio/amr', whole: true })
    const reserved = amr(3)
    reserved[6 + 32] = 0x4c
    expect((await sniff(reserved)).whole).toBe(false)
    expect((await sniff(new Uint8Array([...new TextEncoder().encode('#!AMR_MC1.0\n'), 0, 0, 0, 1, 0x3c, ...new Uint8Array(31)]))).whole).toBe(false)
  })

  it('calls MPEG Layer II audio by its own type, which no purpose accepts, not a broken MP3', async () => {
    const frame = new Uint8Array(417)
    frame.set([0xff, 0xfd, 0x90, 0x64])
    expect((await sniff(new Uint8Array([...frame, ...frame]))).contentType).toBe('audio/x-mp2')
  })

  it('walks a 10 MB stream of small frames to its end', async () => {
    const many = amr(10 * 1024 * 1024 / 32)
    expect((await sniff(many)).whole).toBe(true)
  })
})
