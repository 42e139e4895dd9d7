import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { withCallingCode } from '@/domain/group-numbers'
import { useI18nContext } from '@/i18n/i18n-react'
import { WorkerFailedError } from '../../../workers/remote'
import { combineBytes, EMPTY_NUMBERS, mergeResult, type NumberState } from './number-sources'
import { parseBlobInWorker, parseInWorker, parseTextInWorker, type NumberListOptions, type NumberListResult } from './numbers-client'
import { parseSheetInWorker, SheetSourceRefused } from './sheet-client'

const TEXT_FILE = /\.(txt|csv)$/i
const SHEET_FILE = /\.(xls|xlsx)$/i

/**
 * The recipients of the composed send. Sources are parsed one after another in the worker (each one combines with
 * the numbers kept so far); `pending` counts those not finished yet. `options` selects domestic (default) or
 * international parsing; it is read when a source is added, so it may change (the country list arriving).
 */
export function useNumbers(options?: NumberListOptions, initial: NumberState = EMPTY_NUMBERS) {
  const { LL } = useI18nContext()
  const [state, setStateRaw] = useState<NumberState>(initial)
  const [pending, setPending] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef(state)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const opts = useRef(options)
  useLayoutEffect(() => {
    opts.current = options
  })

  const setState = useCallback((s: NumberState) => {
    latest.current = s
    setStateRaw(s)
  }, [])

  /** `parse(kept)` must be the parse of the kept numbers, '\n', then the new source (see mergeResult). */
  const addParsed = useCallback(
    (parse: (kept: Uint8Array, options?: NumberListOptions) => Promise<NumberListResult>, label: (n: number) => string) => {
      setError(null)
      setPending((p) => p + 1)
      queue.current = queue.current.then(async () => {
        try {
          const prev = latest.current
          const result = await parse(prev.numbers, opts.current)
          setState(mergeResult(prev, result, label(prev.sources + 1)))
        } catch (e) {
          const t = LL.send.numbers
          const refused = { noColumn: t.noNumberColumn, unreadable: t.sheetUnreadable, tooLarge: t.fileTooLarge }
          // A dead worker loses only this source: `latest` still holds the numbers kept so far.
          setError(e instanceof SheetSourceRefused ? refused[e.code]() : e instanceof WorkerFailedError ? LL.send.errors.workerFailed() : t.parseFailed())
        } finally {
          setPending((p) => p - 1)
        }
      })
      return queue.current
    },
    [LL, setState],
  )

  const addBytes = useCallback(
    (bytes: Uint8Array, label: (n: number) => string) => addParsed((kept, o) => parseInWorker(combineBytes(kept, bytes), o), label),
    [addParsed],
  )

  // The worker encodes the text (or reads the clipboard's Blob): on the page, TextEncoder over a million pasted
  // numbers is a 60–120 ms task.
  const addText = useCallback(
    (text: string | Blob, kind: 'paste' | 'typed') =>
      addParsed(
        (kept, o) => (typeof text === 'string' ? parseTextInWorker(kept, text, o) : parseBlobInWorker(kept, text, o)),
        (n) => (kind === 'paste' ? LL.send.numbers.pasteSource({ n }) : LL.send.numbers.typedSource({ n })),
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
    queue.current = queue.current.then(() => setState(EMPTY_NUMBERS))
  }, [setState])

  /** Shows a problem of a source that never reached the worker (the kept numbers stay). */
  const fail = useCallback((message: string) => setError(message), [])

  return { state, setState, pending: pending > 0, error, addText, addFile, addGroupNumbers, clear, fail }
}
