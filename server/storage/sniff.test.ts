import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gif, jpeg, mp3, mp4, png } from './fixtures.test-helper'
import { sniff } from './sniff'

describe('sniff: the type by content and a whole structure', () => {
  const whole = { png: png(), jpeg: jpeg(), gif: gif(), mp4: mp4(), mp3: mp3() }

  it('takes each fixture as whole and of its type', async () => {
    expect(await sniff(whole.png)).toEqual({ contentType: 'image/png', whole: true })
    expect(await sniff(whole.jpeg)).toEqual({ contentType: 'image/jpeg', whole: true })
    expect(await sniff(whole.gif)).toEqual({ contentType: 'image/gif', whole: true })
    expect(await sniff(whole.mp4)).toEqual({ contentType: 'video/mp4', whole: true })
    expect(await sniff(whole.mp3)).toEqual({ contentType: 'audio/mpeg', whole: true })
  })

  it('never takes a PNG, JPEG, GIF or MP4 cut anywhere as whole', async () => {
    for (const [name, bytes] of Object.entries(whole).filter(([n]) => n !== 'mp3')) {
      await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: bytes.length - 1 }), async (cut) => {
        expect((await sniff(bytes.slice(0, cut))).whole, `${name} cut at ${cut}`).toBe(false)
      }), { numRuns: 60 })
    }
  })

  it('reads an MP4 box of 64-bit size, and refuses a box that claims more than the file has', async () => {
    const b = mp4(16)
    const view = new DataView(b.buffer)
    const last = b.length - 24
    // mdat with size 1 and a 64-bit size of 24 (8 + 8 + 8 bytes of data) is the same file, written the long way.
    const long = new Uint8Array([...b.slice(0, last), 0, 0, 0, 1, ...new TextEncoder().encode('mdat'), 0, 0, 0, 0, 0, 0, 0, 24, ...b.slice(last + 8, last + 16)])
    expect((await sniff(long)).whole).toBe(true)
    view.setUint32(last, 0x7fffffff)
    expect((await sniff(b)).whole).toBe(false)
  })
})
