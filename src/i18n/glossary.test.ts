import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from './en'
import zh from './zh-CN'

/*
 * docs/glossary.md is the console's vocabulary; this reads its table and checks both dictionaries against it, so a
 * new text that says "audit" for content review, or "Sent" for delivered, fails here rather than in a user's eyes.
 */
interface Term {
  chinese: string
  whole: boolean
  english: string[]
  avoid: string[]
}

const split = (cell: string) => cell.split('/').map((s) => s.trim().toLowerCase()).filter(Boolean)

function glossary(): Term[] {
  const text = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8')
  return text.split('\n')
    .filter((l) => /^\|[^-]/.test(l) && !l.startsWith('| Chinese'))
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()))
    .map(([chinese, match, english, avoid]) => ({ chinese, whole: match === 'label', english: split(english), avoid: split(avoid) }))
}

type Tree = { [k: string]: string | Tree }
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)))
}

const terms = glossary()
const zhTexts = leaves(zh as unknown as Tree)
const enTexts = new Map(leaves(en as unknown as Tree))

describe('the dictionaries against docs/glossary.md', () => {
  it('reads the glossary table', () => {
    expect(terms.length).toBeGreaterThan(10)
    for (const t of terms) expect(t.chinese && t.english.length, t.chinese).toBeTruthy()
  })

  it('translates each glossary term as the glossary says', () => {
    const wrong: string[] = []
    for (const t of terms) {
      for (const [key, text] of zhTexts) {
        if (t.whole ? text !== t.chinese : !text.includes(t.chinese)) continue
        const english = (enTexts.get(key) ?? '').toLowerCase()
        if (!t.english.some((w) => english.includes(w))) wrong.push(`${key}: ${text} → ${enTexts.get(key)} (wants ${t.english.join(' / ')})`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('uses none of the words the glossary rules out', () => {
    const found: string[] = []
    for (const t of terms) {
      for (const [key, text] of enTexts) {
        for (const w of t.avoid) if (new RegExp(`\\b${w}`, 'i').test(text)) found.push(`${key}: ${text} (avoid ${w})`)
      }
    }
    expect(found).toEqual([])
  })
})
