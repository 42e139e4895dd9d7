/*
 * Ordered lists of an editor (cards of a carousel, buttons of a card, frames of a video template): pure moves, so
 * the keyboard commands (Alt+↑/↓, add, remove) are tested without a browser. Each returns a new array, or the same
 * array when the move is impossible (the first item moved up), so a caller can tell nothing happened.
 */

/** The item at `index` moved by `delta` places; unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): readonly T[] {
  const to = index + delta
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) return list
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item)
  return next
}

/** `item` inserted after `index` (at the end when index is the last or out of range), unless `max` are there. */
export function insertAfter<T>(list: readonly T[], index: number, item: T, max: number): readonly T[] {
  if (list.length >= max) return list
  const at = index < 0 || index >= list.length ? list.length : index + 1
  return [...list.slice(0, at), item, ...list.slice(at)]
}

/** The list without the item at `index`, unless that would leave fewer than `min`. */
export function removeAt<T>(list: readonly T[], index: number, min = 0): readonly T[] {
  if (index < 0 || index >= list.length || list.length <= min) return list
  return [...list.slice(0, index), ...list.slice(index + 1)]
}

/** The list with the item at `index` replaced by `patch` applied to it. */
export function patchAt<T extends object>(list: readonly T[], index: number, patch: Partial<T>): readonly T[] {
  if (index < 0 || index >= list.length) return list
  return list.map((x, i) => (i === index ? { ...x, ...patch } : x))
}

/** Where focus goes after removing `index` from a list that had `length` items: the next one, else the previous. */
export const focusAfterRemove = (index: number, length: number) => Math.max(0, Math.min(index, length - 2))

let seq = 0
const run = Date.now().toString(36)
/**
 * A key for React lists that survives moves (an index would re-use the wrong inputs after a move); unique across
 * page loads too, since a restored draft keeps the keys it was saved with.
 */
export const newKey = (prefix: string) => `${prefix}${run}-${++seq}`
