import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { combineBytes, EMPTY_NUMBERS, mergeResult, type NumberState } from './number-sources'
import { parseInWorker, type NumberListOptions } from './numbers-client'

const TEXT_FILE = /\.(txt|csv)$/i

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

  const addBytes = useCallback(
    (bytes: Uint8Array, label: (n: number) => string) => {
      setError(null)
      setPending((p) => p + 1)
      queue.current = queue.current.then(async () => {
        try {
          const prev = latest.current
          const result = await parseInWorker(combineBytes(prev.numbers, bytes), opts.current)
          setState(mergeResult(prev, result, label(prev.sources + 1)))
        } catch {
          setError(LL.send.numbers.parseFailed())
        } finally {
          setPending((p) => p - 1)
        }
      })
      return queue.current
    },
    [LL, setState],
  )

  // TextEncoder makes a fresh buffer, so transferring it to the worker detaches nothing the page still needs.
  const addText = useCallback(
    (text: string, kind: 'paste' | 'typed') =>
      addBytes(new TextEncoder().encode(text), (n) => (kind === 'paste' ? LL.send.numbers.pasteSource({ n }) : LL.send.numbers.typedSource({ n }))),
    [LL, addBytes],
  )

  const addFile = useCallback(
    async (file: File) => {
      if (!TEXT_FILE.test(file.name)) return setError(LL.send.numbers.fileType())
      if (file.size > UPLOAD_LIMIT_BYTES) return setError(LL.send.numbers.fileTooLarge())
      await addBytes(new Uint8Array(await file.arrayBuffer()), () => file.name)
    },
    [LL, addBytes],
  )

  const clear = useCallback(() => {
    setError(null)
    queue.current = queue.current.then(() => setState(EMPTY_NUMBERS))
  }, [setState])

  return { state, setState, pending: pending > 0, error, addText, addFile, clear }
}
