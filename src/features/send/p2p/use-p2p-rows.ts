import { useEffect, useState } from 'react'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { normalizeMobile } from '@/domain/send-p2p'
import { useI18nContext } from '@/i18n/i18n-react'
import { WorkerFailedError } from '../../../../workers/remote'
import { arrangeSheet, measureRows, readSheet, spreadsheetError, type ArrangedMeasure, type ArrangedRows, type SheetTsv } from './rows-client'

/** What a point-to-point draft keeps of its file: the sheet's TSV bytes (IndexedDB stores them as they are). */
export interface RowsFields {
  fileName: string
  sheet: SheetTsv | null
  mobileColumn: number
  firstRowIsHeader: boolean
}

const FILE_TYPES = /\.(xlsx|xls|csv)$/i
/** Typing pauses this long before the template is measured again over every row. */
const MEASURE_DELAY_MS = 120

/** The first data row's cells, for guessing the mobile column: one line decoded, whatever the file's size. */
function firstRow(sheet: SheetTsv): string[] {
  const end = sheet.tsv.indexOf(0x0a)
  return new TextDecoder().decode(sheet.tsv.subarray(0, end < 0 ? sheet.tsv.length : end)).split('\t')
}

/**
 * The spreadsheet side of a point-to-point send: reads a chosen file in the worker, arranges its rows whenever
 * the mobile column or the header choice changes (also after a draft is restored), and measures the template over
 * every row as it is typed. Holds counts, a few sample rows and the packed rows' bytes.
 */
export function useP2pRows(fields: RowsFields, template: string, setFields: (patch: Partial<RowsFields>) => void) {
  const { LL } = useI18nContext()
  const t = LL.sendP2p.file
  const [reading, setReading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [arranged, setArranged] = useState<ArrangedRows | null>(null)
  const [measure, setMeasure] = useState<ArrangedMeasure | null>(null)
  const [measuring, setMeasuring] = useState(false)
  // The arrangement failed: nothing is pending any more (the error says why).
  const [stuck, setStuck] = useState(false)
  // Bumped when the worker died after arranging: the fresh one holds no rows until the sheet is arranged again.
  const [restarts, setRestarts] = useState(0)
  const { sheet, mobileColumn, firstRowIsHeader } = fields
  /** Says so when the worker died; false for any other error. */
  const stopped = (e: unknown) => {
    if (!(e instanceof WorkerFailedError)) return false
    setError(LL.send.errors.workerFailed())
    return true
  }

  useEffect(() => {
    setArranged(null)
    setStuck(false)
    if (!sheet) return
    let live = true
    void arrangeSheet(sheet, { mobileColumn, firstRowIsHeader })
      .then((a) => live && setArranged(a))
      .catch((e: unknown) => {
        if (!live) return
        setStuck(true)
        if (!stopped(e)) setError(LL.sendP2p.file.failed())
      })
    return () => {
      live = false
    }
    // LL is stable; `LL.sendP2p.file` is a new object on every render (typesafe-i18n builds it on access).
  }, [sheet, mobileColumn, firstRowIsHeader, LL, restarts])

  /** The template over every row; null before an arrangement, or when the worker died (reported; arranged again). */
  const measureNow = (t: string) =>
    measureRows(t).catch((e: unknown) => {
      if (!stopped(e)) throw e
      setRestarts((n) => n + 1)
      return null
    })

  useEffect(() => {
    setMeasure(null)
    setMeasuring(!!arranged)
    if (!arranged) return
    let live = true
    const timer = setTimeout(() => {
      void measureNow(template)
        .then((m) => live && setMeasure(m))
        .finally(() => live && setMeasuring(false))
    }, MEASURE_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [arranged, template])

  async function addFile(file: File) {
    setError(null)
    if (!FILE_TYPES.test(file.name)) return setError(t.fileType())
    if (file.size > UPLOAD_LIMIT_BYTES) return setError(t.tooLarge())
    setReading(true)
    try {
      const read = await readSheet(new Uint8Array(await file.arrayBuffer()))
      if (read.rows === 0) return setError(t.empty())
      const guess = firstRow(read).findIndex((cell) => normalizeMobile(cell) !== null)
      setFields({ fileName: file.name, sheet: read, mobileColumn: Math.max(0, guess), firstRowIsHeader: read.header !== null })
    } catch (e) {
      const code = spreadsheetError(e)
      if (!stopped(e)) setError(code ? t[code]() : t.failed())
    } finally {
      setReading(false)
    }
  }

  return {
    reading, error, arranged, measure, measuring, addFile, measureNow,
    /** True while the file is read or its rows arranged. */
    pending: reading || (!!sheet && !arranged && !stuck),
    clear: () => {
      setError(null)
      setFields({ fileName: '', sheet: null, mobileColumn: 0, firstRowIsHeader: false })
    },
  }
}

export type P2pRows = ReturnType<typeof useP2pRows>
