import { CSP_CONTENT_TYPE, type CspCard, type CspFallbackCode, type CspPreview } from '@/domain/send-csp'
import { cspTemplateAddSchema, TEMPLATE_LIMITS, type CspButtonKind, type CspTemplateAdd } from '@/domain/templates-write'
import { insertAfter, moveItem, newKey, patchAt, removeAt } from './list-ops'
import { schemaProblems, type Problems } from './problems'

/*
 * The 5G template being edited: plain text or a carousel of cards (media, title, text, buttons), the chatbot, the
 * signature and the fallbacks with their contents. Pure state; the rules are the shared add schema's
 * (cspTemplateAddSchema), the payload and the live preview are made from the draft here.
 */

/** A material chosen for a card or a frame (the fields of the material row the editor needs). */
export interface DraftMedia {
  material_id: number
  kind: 'image' | 'video' | 'audio'
  file_name: string
  size: number
  /** a signed address the server serves, for the preview */
  url: string
}

export interface DraftButton {
  key: string
  kind: CspButtonKind
  name: string
  /** the address (open-link) or the number (dial); a reply sends its name back and has none */
  value: string
}

export interface DraftCard {
  key: string
  media: DraftMedia | null
  title: string
  text: string
  buttons: readonly DraftButton[]
}

export interface CspDraft {
  name: string
  chatbotId: string
  autograph: string
  kind: 'text' | 'card'
  text: string
  cards: readonly DraftCard[]
  lowType: readonly CspFallbackCode[]
  smsText: string
  videoTemplateId: number | null
  aimText: string
}

export const CARDS_MAX = TEMPLATE_LIMITS.cardsMax
export const BUTTONS_MAX = TEMPLATE_LIMITS.buttonsPerCard

export const blankButton = (kind: CspButtonKind = 'open-link'): DraftButton => ({ key: newKey('b'), kind, name: '', value: '' })
export const blankCard = (): DraftCard => ({ key: newKey('c'), media: null, title: '', text: '', buttons: [] })
export const blankCspDraft = (): CspDraft => ({
  name: '', chatbotId: '', autograph: '', kind: 'card', text: '', cards: [blankCard()], lowType: [], smsText: '', videoTemplateId: null, aimText: '',
})

// ---- card and button edits, by index (the screen's focus names them)

export const addCard = (d: CspDraft, after: number): CspDraft => ({ ...d, cards: insertAfter(d.cards, after, blankCard(), CARDS_MAX) })
export const removeCard = (d: CspDraft, i: number): CspDraft => ({ ...d, cards: removeAt(d.cards, i, 1) })
export const moveCard = (d: CspDraft, i: number, delta: number): CspDraft => ({ ...d, cards: moveItem(d.cards, i, delta) })
export const patchCard = (d: CspDraft, i: number, patch: Partial<DraftCard>): CspDraft => ({ ...d, cards: patchAt(d.cards, i, patch) })

const withButtons = (d: CspDraft, i: number, f: (b: readonly DraftButton[]) => readonly DraftButton[]): CspDraft =>
  d.cards[i] ? patchCard(d, i, { buttons: f(d.cards[i].buttons) }) : d
export const addButton = (d: CspDraft, card: number, kind?: CspButtonKind) =>
  withButtons(d, card, (b) => insertAfter(b, b.length - 1, blankButton(kind), BUTTONS_MAX))
export const removeButton = (d: CspDraft, card: number, i: number) => withButtons(d, card, (b) => removeAt(b, i))
export const moveButton = (d: CspDraft, card: number, i: number, delta: number) => withButtons(d, card, (b) => moveItem(b, i, delta))
export const patchButton = (d: CspDraft, card: number, i: number, patch: Partial<DraftButton>) => withButtons(d, card, (b) => patchAt(b, i, patch))

export function toggleFallback(d: CspDraft, code: CspFallbackCode, on: boolean): CspDraft {
  const set = new Set(d.lowType)
  if (on) set.add(code)
  else set.delete(code)
  return { ...d, lowType: ([1, 2, 3] as const).filter((c) => set.has(c)) }
}

// ---- payload and rules

/** The /cspTemplate/add payload; a card without media carries id 0, which the schema refuses as "choose media". */
export function cspPayload(d: CspDraft): CspTemplateAdd {
  const has = (c: CspFallbackCode) => d.lowType.includes(c)
  return {
    template_name: d.name,
    chatbot_id: d.chatbotId,
    autograph: d.autograph,
    content_type: d.kind,
    text_5g: d.kind === 'text' ? d.text : '',
    cards: d.kind === 'card'
      ? d.cards.map((c) => ({
          material_id: c.media?.material_id ?? 0, title: c.title, text: c.text,
          buttons: c.buttons.map((b) => ({ kind: b.kind, name: b.name, value: b.kind === 'reply' ? '' : b.value })),
        }))
      : [],
    low_type: [...d.lowType],
    ...(has(1) ? { sms_text: d.smsText } : {}),
    ...(has(2) && d.videoTemplateId !== null ? { video_template_id: d.videoTemplateId } : {}),
    ...(has(3) ? { aim_text: d.aimText } : {}),
  }
}

/** Every refusal of the draft by field path (empty when it may be sent), from the schema the server parses with. */
export function cspProblems(d: CspDraft): Problems {
  const r = cspTemplateAddSchema.safeParse(cspPayload(d))
  return r.success ? {} : schemaProblems(r.error)
}

/** The field paths of the draft in screen order. */
export function cspFieldOrder(d: CspDraft): string[] {
  const body = d.kind === 'text' ? ['text_5g'] : ['cards', ...d.cards.flatMap((c, i) => [
    `cards.${i}.material_id`, `cards.${i}.title`, `cards.${i}.text`, `cards.${i}.buttons`,
    ...c.buttons.flatMap((_, j) => [`cards.${i}.buttons.${j}.name`, `cards.${i}.buttons.${j}.value`]),
  ])]
  return ['template_name', 'chatbot_id', 'autograph', ...body, 'low_type', 'sms_text', 'video_template_id', 'aim_text']
}

/** What the handset shows, as the message preview panel draws it; a card without media shows its place. */
export function cspDraftPreview(d: CspDraft, video: { theme: string; frames: CspPreview['videoFrameList'] } | null): CspPreview {
  const cards: CspCard[] = d.cards.map((c, i) => ({
    cardSeq: i + 1, mediaType: c.media?.kind ?? 'image', mediaUrl: c.media?.url ?? '', cardTitle: c.title, textContent: c.text,
    buttons: c.buttons.map((b) => ({ buttonName: b.name })),
  }))
  const sign = d.autograph.trim()
  return {
    contentType: d.kind === 'text' ? CSP_CONTENT_TYPE.text : CSP_CONTENT_TYPE.card,
    text5g: sign && d.text ? `【${sign}】${d.text}` : d.text,
    cspCardList: d.kind === 'card' ? cards : [],
    smsTextContent: d.smsText,
    videoTheme: video?.theme ?? '',
    videoFrameList: video?.frames ?? [],
    aimTextContent: d.aimText,
  }
}

/** True when the user has typed or chosen anything (leaving then asks first). */
export const cspDirty = (d: CspDraft) =>
  !!(d.name || d.autograph || d.text || d.smsText || d.aimText || d.chatbotId || d.cards.length > 1
    || d.cards.some((c) => c.media || c.title || c.text || c.buttons.length))
