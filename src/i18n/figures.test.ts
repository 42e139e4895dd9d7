import { describe, expect, it } from 'vitest'
import { FIGURES, FIGURE_WORDS, RATE_WORDS } from '@/domain/figures'
import en from './en'
import zh from './zh-CN'

/*
 * A figure has one name: the console's dictionaries (label and tooltip) and the files the server writes
 * (src/domain/figures.ts FIGURE_WORDS, read by the server that cannot import the dictionaries) say the same words.
 */
describe('the figures\' words', () => {
  it('are the same in the dictionaries and in the files, with a tooltip in both languages', () => {
    for (const f of FIGURES) {
      expect(zh.figures[f].label, f).toBe(FIGURE_WORDS[f]['zh-CN'])
      expect(en.figures[f].label, f).toBe(FIGURE_WORDS[f].en)
      expect(zh.figures[f].tip.length, f).toBeGreaterThan(8)
      expect(en.figures[f].tip.length, f).toBeGreaterThan(20)
    }
    expect([zh.figures.rate.label, en.figures.rate.label]).toEqual([RATE_WORDS['zh-CN'], RATE_WORDS.en])
  })

  it('name every figure differently, so no word means two quantities', () => {
    for (const dict of [zh, en]) {
      const labels = [...FIGURES, 'rate' as const].map((f) => dict.figures[f].label)
      expect(new Set(labels).size).toBe(labels.length)
    }
  })
})
