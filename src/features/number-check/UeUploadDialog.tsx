import { uuidV4 } from '@/domain/uuid'
import { useEffect, useId, useRef, useState } from 'react'
import { isApiError } from '@/api/http'
import { confirmUeCheck, uploadMobileUe } from '@/api/number-check'
import { FormDialog } from '@/components/ui/FormDialog'
import { Spinner } from '@/components/ui/Spinner'
import { checkCost, type CheckInfo } from '@/domain/number-check-online'
import { formatMoney } from '@/domain/money'
import { UE_UPLOAD_LIMIT_BYTES, type UeUploadCheckResult, type UeUploadResult } from '@/domain/number-check-ue'
import type { NumberListResult } from '@/domain/numbers'
import { useI18nContext } from '@/i18n/i18n-react'
import { parseNumberFile } from './parse-numbers'

export interface UeUploadDialogProps {
  info: CheckInfo
  onDone: (r: UeUploadCheckResult, fileName: string) => void
  onClose: () => void
}

const MB = 1024 * 1024

/**
 * The UE check's upload: the chosen file is read by the numbers workers as soon as it is picked (count, duplicates,
 * not mobiles, cost against the balance), and "Upload and check" stores and pays it in two calls. The stored upload
 * and the idempotency key live as long as the dialog, so a retry after a lost reply neither uploads nor bills twice.
 */
export function UeUploadDialog({ info, onDone, onClose }: UeUploadDialogProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.numberCheck
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [parsed, setParsed] = useState<NumberListResult | null>(null)
  const [parsing, setParsing] = useState(false)
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const stored = useRef<{ file: File; upload: UeUploadResult } | null>(null)
  const key = useRef(uuidV4())

  // Keyed on the file and the language only: `LL.numberCheck` is a new object on every render, so depending on it
  // would restart the parse after each one.
  useEffect(() => {
    setParsed(null)
    if (!file) return
    const words = LL.numberCheck.ue
    if (file.size > UE_UPLOAD_LIMIT_BYTES) return setFileProblem(words.tooLarge({ size: (file.size / MB).toFixed(1) }))
    let current = true
    setParsing(true)
    parseNumberFile(file)
      .then((r) => current && (r ? setParsed(r) : setFileProblem(words.unreadable())))
      .catch(() => current && setFileProblem(words.unreadable()))
      .finally(() => current && setParsing(false))
    return () => {
      current = false
    }
  }, [file, LL])

  const count = parsed?.valid ?? 0
  const cost = info.price === null ? null : checkCost(count, info.price)

  const submit = async (): Promise<boolean> => {
    const p = !file ? t.ue.chooseFile() : parsing ? t.busy() : info.price === null ? t.noProduct() : fileProblem ?? (parsed && count === 0 ? t.noNumbers() : null)
    if (p || !file || !parsed) {
      setProblem(p)
      input.current?.focus()
      return false
    }
    try {
      if (stored.current?.file !== file) stored.current = { file, upload: await uploadMobileUe(file.name, parsed.numbers) }
      onDone(await confirmUeCheck(stored.current.upload.batch_id, key.current), file.name)
      return true
    } catch (e) {
      // A refusal (balance, product) billed nothing: the next try is a new confirmation.
      if (isApiError(e) && e.status >= 400 && e.status < 500) key.current = uuidV4()
      setProblem(isApiError(e) ? e.msg : LL.errors.unknown())
      return false
    }
  }

  return (
    <FormDialog title={t.ue.title()} onSubmit={submit} onClose={onClose} saveLabel={t.ue.start()} saveTestId="ue-start">
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.ue.fileLabel()}</label>
      <input
        id={id}
        ref={input}
        autoFocus
        type="file"
        data-testid="ue-file"
        accept=".txt,.csv,.xls,.xlsx,text/plain,text/csv"
        onChange={(e) => {
          setProblem(null)
          setFileProblem(null)
          setFile(e.target.files?.[0] ?? null)
        }}
        className="mt-1 text-sm"
      />
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="ue-summary" aria-live="polite">
        <li data-testid="ue-valid" className="font-semibold text-[var(--primary)]">{t.valid({ count })}</li>
        <li>{t.duplicates({ count: parsed?.duplicates ?? 0 })}</li>
        <li className={parsed?.invalid ? 'text-[var(--danger)]' : ''}>{t.invalid({ count: parsed?.invalid ?? 0 })}</li>
        {info.price !== null && <li>{t.price({ price: formatMoney(info.price, locale, 'price') })}</li>}
        {cost !== null && <li data-testid="ue-cost" className="font-semibold">{t.cost({ cost: formatMoney(cost, locale) })}</li>}
        <li data-testid="ue-balance">{t.balance({ balance: formatMoney(info.balance, locale, 'balance') })}</li>
        {parsing && <li className="flex items-center gap-1 text-[var(--muted)]"><Spinner size={14} />{t.parsing()}</li>}
      </ul>
      {info.price === null && <p className="mt-2 text-sm text-[var(--danger)]">{t.noProduct()}</p>}
      {(fileProblem ?? problem) && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{fileProblem ?? problem}</p>}
    </FormDialog>
  )
}
