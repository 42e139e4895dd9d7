type Pinyin = typeof import('pinyin-pro').pinyin

/**
 * Scores how well a query matches a command: its label, its keywords (the label in the other language, synonyms) and,
 * for Chinese text, full pinyin without tones (`fasongjilu`) and pinyin initials (`fsjl`). 0 means no match.
 */
export interface Matchable {
  label: string
  keywords?: readonly string[]
  /**
   * The entry's group as the palette heads it (a route's module): a query of several words may name it beside the
   * entry ("发送记录 国内", "国内短信 fsjl", "sent records domestic"), never alone.
   */
  group?: string
}

interface Forms {
  text: string
  full?: string
  initials?: string
}

const HAN = /\p{Script=Han}/u
// Labels are a few hundred menu entries; the cap only guards against unbounded growth from dynamic keywords.
const CACHE_MAX = 5000
const cache = new Map<string, Forms>()

/*
 * pinyin-pro (its dictionary, and the trie it builds from it, ~60 ms of main thread) loads when the palette first
 * opens, not with the shell: until it is in, Chinese labels match by their characters only, and their forms are not
 * cached, so each is read again with its pinyin once it is.
 */
let pinyin: Pinyin | null = null
let loading: Promise<void> | null = null

export const pinyinReady = (): boolean => pinyin !== null

export function loadPinyin(): Promise<void> {
  // A failed load (the network) is tried again at the next opening.
  loading ??= import('pinyin-pro').then(
    (m) => {
      pinyin = m.pinyin
    },
    (e: unknown) => {
      loading = null
      throw e
    },
  )
  return loading
}

function formsOf(raw: string): Forms {
  const hit = cache.get(raw)
  if (hit) return hit
  const text = raw.toLowerCase().trim()
  const forms: Forms = { text }
  if (HAN.test(text)) {
    if (!pinyin) return forms
    const join = (parts: string[]) => parts.join('').replace(/\s+/g, '').toLowerCase()
    forms.full = join(pinyin(text, { toneType: 'none', type: 'array' }))
    forms.initials = join(pinyin(text, { pattern: 'first', toneType: 'none', type: 'array' }))
  }
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(raw, forms)
  return forms
}

/** Characters of `q` appear in order in `text`; returns how tightly (1 = contiguous), or 0. */
function subsequence(q: string, text: string): number {
  let from = 0
  let start = -1
  for (const ch of q) {
    const at = text.indexOf(ch, from)
    if (at < 0) return 0
    if (start < 0) start = at
    from = at + 1
  }
  return q.length / (from - start)
}

function scoreText(q: string, text: string): number {
  if (!text) return 0
  if (text === q) return 100
  if (text.startsWith(q)) return 90
  if (text.includes(` ${q}`)) return 80
  if (text.includes(q)) return 70
  const words = q.split(' ')
  if (words.length > 1 && words.every((w) => text.includes(w))) return 60
  // Loose in-order letters only for short typed abbreviations, else long labels match almost anything.
  const tight = q.includes(' ') ? 0 : subsequence(q, text)
  return tight >= 0.3 ? 20 + Math.round(20 * tight) : 0
}

function scorePinyin(q: string, forms: Forms): number {
  const compact = q.replace(/\s+/g, '')
  if (!forms.initials || !forms.full || !/^[a-z0-9]+$/.test(compact)) return 0
  if (forms.initials === compact) return 95
  if (forms.full === compact) return 92
  if (forms.initials.startsWith(compact)) return 88
  if (forms.full.startsWith(compact)) return 85
  if (forms.full.includes(compact)) return 68
  if (forms.initials.includes(compact)) return 65
  const tight = subsequence(compact, forms.initials)
  return tight >= 0.5 ? 20 + Math.round(15 * tight) : 0
}

function scoreOne(q: string, raw: string): number {
  const forms = formsOf(raw)
  return Math.max(scoreText(q, forms.text), scorePinyin(q, forms))
}

export function normalizeQuery(query: string): string {
  return query.toLowerCase().trim().replace(/\s+/g, ' ')
}

/**
 * Words the console's labels use for one act, any of which a user may type: "新增联系人" finds 新建联系人 and
 * 添加退订号码 alike. A query with one of them is also read with each other one, a little below the words as typed.
 */
const SYNONYMS: readonly (readonly string[])[] = [['新增', '新建', '添加']]

function synonymReadings(q: string): string[] {
  const out: string[] = []
  for (const group of SYNONYMS) {
    for (const w of group) {
      if (!q.includes(w)) continue
      for (const other of group) if (other !== w) out.push(q.split(w).join(other))
    }
  }
  return out
}

function scoreReading(q: string, item: Matchable): number {
  let best = scoreOne(q, item.label)
  // Keywords rank a little below the label itself so the shown text wins ties.
  for (const k of item.keywords ?? []) best = Math.max(best, Math.round(scoreOne(q, k) * 0.9))
  return best >= ACROSS ? best : Math.max(best, scoreAcross(q, item))
}

export function scoreCommand(query: string, item: Matchable): number {
  const q = normalizeQuery(query)
  if (!q) return 1
  let best = scoreReading(q, item)
  for (const other of synonymReadings(q)) best = Math.max(best, Math.round(scoreReading(other, item) * 0.95))
  return best
}

/** A word counts where it is part of a text or of its pinyin, not as loose letters. */
const WORD_HIT = 65
const ACROSS = 50

/**
 * Several words, each found in the label, a keyword or the group, at least one of them in the entry itself: ranked
 * below a match of the whole query in one text, above loose in-order letters.
 */
function scoreAcross(q: string, item: Matchable): number {
  const words = q.split(' ')
  if (words.length < 2 || !item.group) return 0
  const own = [item.label, ...(item.keywords ?? [])]
  const inOwn = (w: string) => own.some((t) => scoreOne(w, t) >= WORD_HIT)
  const hit = (w: string) => inOwn(w) || scoreOne(w, item.group!) >= WORD_HIT
  return words.every(hit) && words.some(inOwn) ? ACROSS : 0
}
