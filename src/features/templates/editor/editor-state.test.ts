import { describe, expect, it } from 'vitest'
import { CSP_CONTENT_TYPE } from '@/domain/send-csp'
import { TEMPLATE_LIMITS } from '@/domain/templates-write'
import {
  addButton, addCard, BUTTONS_MAX, blankCspDraft, CARDS_MAX, cspDraftPreview, cspFieldOrder, cspPayload, cspProblems, moveButton,
  moveCard, patchButton, patchCard, removeCard, toggleFallback, type CspDraft, type DraftMedia,
} from './csp-draft'
import { focusAfterRemove, insertAfter, moveItem, removeAt } from './list-ops'
import { firstProblem } from './problems'
import { addFrame, blankVideoDraft, moveFrame, patchFrame, removeFrame, videoProblems, videoTotalBytes } from './video-draft'

const image: DraftMedia = { material_id: 7, kind: 'image', file_name: 'a.png', size: 2048, url: '/media/7' }

/** A draft that passes every rule, with `n` cards titled A, B, C … */
function ready(n = 1): CspDraft {
  let d: CspDraft = { ...blankCspDraft(), name: 'Promo', chatbotId: 'bot1', autograph: 'Acme' }
  for (let i = 1; i < n; i++) d = addCard(d, i - 1)
  d.cards.forEach((_, i) => (d = patchCard(d, i, { media: image, title: String.fromCharCode(65 + i), text: 'hello' })))
  return d
}

describe('list moves', () => {
  it('moves an item up and down and stays put at either end', () => {
    const list = ['a', 'b', 'c']
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(list, 0, -1)).toBe(list)
    expect(moveItem(list, 2, 1)).toBe(list)
  })
  it('inserts after an index up to a maximum, removes down to a minimum', () => {
    expect(insertAfter(['a', 'c'], 0, 'b', 3)).toEqual(['a', 'b', 'c'])
    expect(insertAfter(['a', 'b', 'c'], 0, 'x', 3)).toEqual(['a', 'b', 'c'])
    expect(removeAt(['a'], 0, 1)).toEqual(['a'])
    expect(removeAt(['a', 'b'], 0, 1)).toEqual(['b'])
  })
  it('sends focus to the next item after a removal, the previous one at the end', () => {
    expect(focusAfterRemove(0, 3)).toBe(0)
    expect(focusAfterRemove(2, 3)).toBe(1)
    expect(focusAfterRemove(0, 1)).toBe(0)
  })
})

describe('5G card draft', () => {
  it('moves a card with its media, title and buttons, keeping its key', () => {
    let d = addButton(ready(3), 0, 'reply')
    const first = d.cards[0]
    d = moveCard(d, 0, 1)
    expect(d.cards.map((c) => c.title)).toEqual(['B', 'A', 'C'])
    expect(d.cards[1]).toBe(first)
    expect(moveCard(d, 2, 1).cards).toBe(d.cards)
    expect(cspPayload(d).cards?.map((c) => c.title)).toEqual(['B', 'A', 'C'])
  })
  it('adds a card after the focused one, never past the carousel limit, and never removes the last one', () => {
    const d = addCard(ready(2), 0)
    expect(d.cards.map((c) => c.title)).toEqual(['A', '', 'B'])
    expect(removeCard(d, 1).cards.map((c) => c.title)).toEqual(['A', 'B'])
    expect(removeCard(ready(1), 0).cards).toHaveLength(1)
    const full = ready(CARDS_MAX)
    expect(full.cards).toHaveLength(TEMPLATE_LIMITS.cardsMax)
    expect(addCard(full, 0).cards).toHaveLength(CARDS_MAX)
  })
  it('adds and moves buttons, at most the per-card limit', () => {
    let d = ready(1)
    for (let i = 0; i < BUTTONS_MAX + 2; i++) d = addButton(d, 0, i === 0 ? 'dial' : 'open-link')
    expect(d.cards[0].buttons).toHaveLength(TEMPLATE_LIMITS.buttonsPerCard)
    d = moveButton(d, 0, 0, 1)
    expect(d.cards[0].buttons.map((b) => b.kind).slice(0, 2)).toEqual(['open-link', 'dial'])
  })
  it('passes a complete draft and names each missing or too long field by its payload path', () => {
    expect(cspProblems(ready(2))).toEqual({})
    let d = patchCard(ready(2), 1, { media: null, text: 'x'.repeat(TEMPLATE_LIMITS.cardTextChars + 1) })
    d = { ...d, name: '' }
    expect(cspProblems(d)).toEqual({
      template_name: { key: 'required', vars: {} },
      'cards.1.material_id': { key: 'mediaRequired', vars: {} },
      'cards.1.text': { key: 'tooLongMax', vars: { max: TEMPLATE_LIMITS.cardTextChars } },
    })
  })
  it('words the carriers’ limits with their numbers: the signature length', () => {
    expect(cspProblems({ ...ready(1), autograph: 'A' }).autograph).toEqual({
      key: 'cspAutographLength', vars: { min: TEMPLATE_LIMITS.autographMin, max: TEMPLATE_LIMITS.autographMax },
    })
  })
  it('checks a button value by its kind: an address to open, a number to dial, nothing for a reply', () => {
    let d = addButton(ready(1), 0, 'open-link')
    d = patchButton(d, 0, 0, { name: 'Go', value: 'javascript:alert(1)' })
    expect(cspProblems(d)['cards.0.buttons.0.value']?.key).toBe('cspButtonUrl')
    d = patchButton(d, 0, 0, { value: 'https://example.com/a' })
    expect(cspProblems(d)).toEqual({})
    d = patchButton(d, 0, 0, { kind: 'dial', value: '10086a' })
    expect(cspProblems(d)['cards.0.buttons.0.value']?.key).toBe('cspButtonPhone')
    d = patchButton(d, 0, 0, { kind: 'reply', value: 'typed before the switch' })
    expect(cspProblems(d)).toEqual({})
    expect(cspPayload(d).cards?.[0].buttons?.[0]).toEqual({ kind: 'reply', name: 'Go', value: '' })
  })
  it('asks each chosen fallback for its content, and focuses the first problem in screen order', () => {
    let d = toggleFallback(toggleFallback(ready(1), 3, true), 1, true)
    expect(d.lowType).toEqual([1, 3])
    d = { ...d, autograph: '' }
    const p = cspProblems(d)
    expect(Object.keys(p).sort()).toEqual(['aim_text', 'autograph', 'sms_text'])
    expect(firstProblem(p, cspFieldOrder(d))).toBe('autograph')
    expect(cspProblems(toggleFallback(d, 2, true)).video_template_id?.key).toBe('required')
  })
  it('a text message needs its text and sends no cards', () => {
    const d = { ...ready(2), kind: 'text' as const }
    expect(Object.keys(cspProblems(d))).toEqual(['text_5g'])
    expect(cspPayload({ ...d, text: 'Hi' }).cards).toEqual([])
  })
  it('previews a text message with its signature, and cards in their order', () => {
    const text = cspDraftPreview({ ...ready(1), kind: 'text', text: 'Hi' }, null)
    expect(text.contentType).toBe(CSP_CONTENT_TYPE.text)
    expect(text.text5g).toBe('【Acme】Hi')
    expect(text.cspCardList).toEqual([])
    const cards = cspDraftPreview(moveCard(ready(2), 1, -1), null)
    expect(cards.cspCardList.map((c) => [c.cardSeq, c.cardTitle])).toEqual([[1, 'B'], [2, 'A']])
  })
})

describe('video template draft', () => {
  const full = () => {
    let d = { ...blankVideoDraft(), title: 'Spring sale', sign: 'Acme' }
    d = addFrame(d, 0)
    d = patchFrame(d, 0, { media: { ...image, size: 1000 }, text: 'one' })
    d = patchFrame(d, 1, { media: { ...image, material_id: 8, size: 2000 }, text: '二' })
    return d
  }
  it('sums the media and the UTF-8 bytes of the texts', () => {
    expect(videoTotalBytes(full())).toBe(1000 + 2000 + 3 + 3)
  })
  it('refuses a message heavier than the carriers’ total, naming its size, and frames without media', () => {
    expect(videoProblems(full())).toEqual({})
    const heavy = patchFrame(full(), 1, { media: { ...image, size: TEMPLATE_LIMITS.videoTotalKb * 1024 } })
    expect(videoProblems(heavy).size).toEqual({ key: 'videoTooLarge', vars: { size: TEMPLATE_LIMITS.videoTotalKb + 1, max: TEMPLATE_LIMITS.videoTotalKb } })
    expect(videoProblems(patchFrame(full(), 0, { media: null }))['frames.0.material_id']?.key).toBe('mediaRequired')
  })
  it('moves, adds and removes frames within their limits', () => {
    let d = moveFrame(full(), 1, -1)
    expect(d.frames.map((f) => f.text)).toEqual(['二', 'one'])
    for (let i = 0; i < TEMPLATE_LIMITS.framesMax; i++) d = addFrame(d, 0)
    expect(d.frames).toHaveLength(TEMPLATE_LIMITS.framesMax)
    while (d.frames.length > 1) d = removeFrame(d, 0)
    expect(removeFrame(d, 0).frames).toHaveLength(1)
  })
})
