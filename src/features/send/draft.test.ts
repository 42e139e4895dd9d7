import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { pack, unpack } from './draft'

describe('draft packing (big byte arrays stored as Blobs)', () => {
  const big = new Uint8Array(200_000).map((_, i) => 48 + (i % 10))
  const small = Uint8Array.of(49, 50, 51)
  const draft = {
    fields: { content: '内容', sheet: { tsv: big, rows: 3, header: ['手机号'] } },
    numbers: {
      numbers: big.subarray(0, 100_000), valid: 2, samples: [{ line: 1, text: 'x' }],
      rejected: [{ source: 'a.txt', offset: 0, lines: big.subarray(0, 70_000) }, { source: 'b.txt', offset: 2, lines: small }],
    },
    small,
    idempotencyKey: 'k',
  }

  it('turns byte arrays of 64 KB or more into Blobs, leaves the rest, and unpacks to the same bytes', async () => {
    const packed = pack(draft) as { fields: { sheet: { tsv: unknown; header: string[] } }; numbers: { numbers: unknown }; small: unknown }
    expect(packed.fields.sheet.tsv).toBeInstanceOf(Blob)
    expect(packed.numbers.numbers).toBeInstanceOf(Blob)
    const rejected = (packed.numbers as unknown as { rejected: { lines: unknown }[] }).rejected
    expect(rejected[0].lines).toBeInstanceOf(Blob)
    expect(rejected[1].lines).toBe(small)
    expect(packed.small).toBe(small)
    expect(packed.fields.sheet.header).toEqual(['手机号'])
    const back = await unpack(packed)
    expect(back).toEqual(draft)
  })

  it('saving the same bytes again reuses their Blob (no new copy); after a restore too', async () => {
    const first = pack(draft) as { fields: { sheet: { tsv: Blob } } }
    const second = pack({ ...draft, fields: { ...draft.fields, content: '改过' } }) as { fields: { sheet: { tsv: Blob } } }
    expect(second.fields.sheet.tsv).toBe(first.fields.sheet.tsv)
    const restored = (await unpack(first)) as typeof draft
    expect((pack(restored) as { fields: { sheet: { tsv: Blob } } }).fields.sheet.tsv).toBe(first.fields.sheet.tsv)
  })
})

describe('drafts per account', () => {
  const draft = {
    fields: { content: '甲的草稿' }, timed: false, time: '',
    numbers: { numbers: Uint8Array.of(49, 51, 56), valid: 1, samples: [], rejected: [] },
    idempotencyKey: 'k-1',
  }

  it("gives an account only its own draft of a kind, and clearing one leaves the other's", async () => {
    // The node project has no IndexedDB: fake-indexeddb is an in-memory one made to the W3C specification.
    globalThis.indexedDB = new IDBFactory()
    const { clearDraft, loadDraft, saveDraft } = await import('./draft')
    await saveDraft('C100', 'group', draft as never)
    await saveDraft('C200', 'group', { ...draft, fields: { content: '乙的草稿' } } as never)
    expect(await loadDraft('C300', 'group')).toBeUndefined()
    expect(await loadDraft('C100', 'p2p')).toBeUndefined()
    expect((await loadDraft<{ content: string }>('C100', 'group'))?.fields.content).toBe('甲的草稿')
    await clearDraft('C100', 'group')
    expect(await loadDraft('C100', 'group')).toBeUndefined()
    expect((await loadDraft<{ content: string }>('C200', 'group'))?.fields.content).toBe('乙的草稿')
  })
})
