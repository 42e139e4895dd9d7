/*
 * Plain references of billing.ts for the property tests: spread into code points, look each one up, build every
 * filled message with String.replace.
 */
import type { ContentMeasure } from './billing'

export function referenceMeasure(text: string): ContentMeasure {
  const points = [...text].map((c) => c.codePointAt(0)!)
  const bytes = points.reduce((n, p) => n + (p <= 127 ? 1 : p <= 2047 ? 2 : p <= 65535 ? 3 : 4), 0)
  const perMessage = points.every((p) => p <= 0x7f) ? 160 : 70
  return { chars: points.length, bytes, perMessage, messages: points.length ? Math.ceil(points.length / perMessage) : 0 }
}

export function referenceFill(template: string, row: readonly string[]): string {
  return template.replace(/\{p([1-9]\d*)\}/g, (_, n) => row[Number(n) - 1] ?? '')
}

export function referenceTemplateRows(template: string, rows: readonly (readonly string[])[]) {
  const measured = rows.map((row) => referenceMeasure(referenceFill(template, row)))
  return {
    rows: rows.length,
    messages: measured.reduce((n, m) => n + m.messages, 0),
    chars: measured.reduce((n, m) => n + m.chars, 0),
    bytes: measured.reduce((n, m) => n + m.bytes, 0),
    maxMessages: measured.reduce((n, m) => Math.max(n, m.messages), 0),
    nonAsciiRows: measured.filter((m) => m.perMessage === 70).length,
    // The first row of the most characters (-1 without rows).
    longestRow: measured.reduce((best, m, i) => (best < 0 || m.chars > measured[best].chars ? i : best), -1),
    longestChars: measured.reduce((n, m) => Math.max(n, m.chars), 0),
  }
}
