import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { withCallingCode } from '@/domain/group-numbers'
import { useI18nContext } from '@/i18n/i18n-react'
import { WorkerFailedError } from '../../../workers/remote'
import { combineBytes, EMPTY_NUMBERS, mergeResult, typingStart, type NumberState } from './number-sources'
import { parseBlobInWorker, parseInWorker, parseTextInWorker, type NumberListOptions, type NumberListResult } from './numbers-client'
import { parseSheetInWorker, SheetSourceRefused } from './sheet-client'

const TEXT_FILE = /\.(txt|csv)$/i
const SHEET_FILE = /\.(xls|xlsx)$/i
/** Typing pauses this long before the box's text is counted (Send does not wait: it flushes). */
export const TYPED_DELAY_MS = 200

/**
 * The recipients of the composed send. Sources (pastes, files, groups) are parsed one after another in the worker,
 * each with the numbers kept so far; `pending` counts those not finished yet. The text typed in the box is one more
 * source, always the last: it is counted in the worker a moment after typing pauses (but for a number still being
 * typed), and `flush` counts all of it at once (Send and leaving the box call it, so a send never goes with a stale
 * count). `options` selects domestic (default) or international
 * parsing; it is read when a source is parsed, so it may change (the country list arriving).
 */
export function useNumbers(options?: NumberListOptions, initial: NumberState = EMPTY_NUMBERS) {
  const { LL } = useI18nContext()
  const [state, setShown] = useState<NumberState>(initial)
  const [typed, setTypedText] = useState('')
  const [pending, setPending] = useState(0)
  const [error, setError] = useState<string | null>(null)
  /** The sources' numbers, without the typed text. */
  const keptState = useRef(initial)
  const typedNow = useRef('')
  /** What the shown state was counted from: the kept state and the typed text. */
  const counted = useRef({ kept: initial, typed: '' })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const opts = useRef(options)
  useLayoutEffect(() => {
    opts.current = options
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const failed = useCallback((e: unknown) => {
    const t = LL.send.numbers
    const refused = { noColumn: t.noNumberColumn, unreadable: t.sheetUnreadable, tooLarge: t.fileTooLarge, expandsTooFar: LL.errors.workbookExpands }
    setError(e instanceof SheetSourceRefused ? refused[e.code]() : e instanceof WorkerFailedError ? LL.send.errors.workerFailed() : t.parseFailed())
  }, [LL])

  /**
   * Shows the kept numbers with the typed text counted after them (a queue step: one parse at a time). While typing
   * (`whole` false) the number still being typed is left out until it is valid or ended (typingStart).
   */
  const count = useCallback(async (whole = true) => {
    const base = keptState.current
    const all = typedNow.current
    const text = whole ? all : all.slice(0, typingStart(all, opts.current?.mode))
    if (counted.current.kept === base && counted.current.typed === text) return
    let next = base
    if (text.trim()) {
      try {
        next = mergeResult(base, await parseTextInWorker(base.numbers, text, opts.current), LL.send.numbers.typedSource({ n: base.sources + 1 }))
      } catch (e) {
        return failed(e)
      }
    }
    counted.current = { kept: base, typed: text }
    // Drawn before the count resolves: Send (which awaits flush) then reads the page's handlers of this count, not
    // those of the render before it (a number typed just before Ctrl+Enter was left out).
    flushSync(() => setShown(next))
  }, [LL, failed])

  /** Counts the whole typed text now, after the sources already queued; resolves when the count is shown. */
  const flush = useCallback(() => {
    clearTimeout(timer.current)
    queue.current = queue.current.then(() => count())
    return queue.current
  }, [count])

  const setTyped = useCallback((text: string) => {
    typedNow.current = text
    setTypedText(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      queue.current = queue.current.then(() => count(false))
    }, TYPED_DELAY_MS)
  }, [count])

  /** Replaces everything (a restored draft): its numbers become the kept ones and the box is emptied. */
  const setState = useCallback((s: NumberState) => {
    clearTimeout(timer.current)
    typedNow.current = ''
    setTypedText('')
    keptState.current = s
    counted.current = { kept: s, typed: '' }
    setShown(s)
  }, [])

  /** `parse(kept)` must be the parse of the kept numbers, '\n', then the new source (see mergeResult). */
  const addParsed = useCallback(
    (parse: (kept: Uint8Array, options?: NumberListOptions) => Promise<NumberListResult>, label: (n: number) => string) => {
      setError(null)
      setPending((p) => p + 1)
      queue.current = queue.current.then(async () => {
        try {
          const prev = keptState.current
          const result = await parse(prev.numbers, opts.current)
          keptState.current = mergeResult(prev, result, label(prev.sources + 1))
          // Without typed text (a paste into an empty box) the merged state is shown as it is: no second parse.
          await count()
        } catch (e) {
          // A dead worker loses only this source: `kept` still holds the numbers kept so far.
          failed(e)
        } finally {
          setPending((p) => p - 1)
        }
      })
      return queue.current
    },
    [count, failed],
  )

  const addBytes = useCallback(
    (bytes: Uint8Array, label: (n: number) => string) => addParsed((kept, o) => parseInWorker(combineBytes(kept, bytes), o), label),
    [addParsed],
  )

  // The worker encodes the text (or reads the clipboard's Blob): on the page, TextEncoder over a million pasted
  // numbers is a 60–120 ms task.
  const addText = useCallback(
    (text: string | Blob) =>
      addParsed(
        (k, o) => (typeof text === 'string' ? parseTextInWorker(k, text, o) : parseBlobInWorker(k, text, o)),
        (n) => LL.send.numbers.pasteSource({ n }),
      ),
    [LL, addParsed],
  )

  const addFile = useCallback(
    async (file: File) => {
      const sheet = SHEET_FILE.test(file.name)
      if (!sheet && !TEXT_FILE.test(file.name)) return setError(LL.send.numbers.fileType())
      if (file.size > UPLOAD_LIMIT_BYTES) return setError(LL.send.numbers.fileTooLarge())
      const bytes = new Uint8Array(await file.arrayBuffer())
      // A spreadsheet is read, its mobile column picked and parsed with the kept numbers, all in its own worker.
      await (sheet ? addParsed((kept, o) => parseSheetInWorker(bytes, kept, o), () => file.name) : addBytes(bytes, () => file.name))
    },
    [LL, addBytes, addParsed],
  )

  /**
   * Address-book groups' mobiles (the server's text, one a line) as one source, combined and de-duplicated with the
   * others; an international send reads them as China's numbers (withCallingCode).
   */
  const addGroupNumbers = useCallback(
    (bytes: Uint8Array, label: string) => addBytes(opts.current?.mode === 'international' ? withCallingCode(bytes) : bytes, () => label),
    [addBytes],
  )

  const clear = useCallback(() => {
    setError(null)
    clearTimeout(timer.current)
    typedNow.current = ''
    setTypedText('')
    queue.current = queue.current.then(() => setState(EMPTY_NUMBERS))
  }, [setState])

  /** Shows a problem of a source that never reached the worker (the kept numbers stay). */
  const fail = useCallback((message: string) => setError(message), [])

  return { state, setState, typed, setTyped, flush, pending: pending > 0, error, addText, addFile, addGroupNumbers, clear, fail }
}
