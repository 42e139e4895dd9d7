import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { saveBlob } from '@/api/transfer'
import { registerCommands } from '@/commands'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { Toolbar } from '@/components/ui/Toolbar'
import { useI18nContext } from '@/i18n/i18n-react'
import { canReadClipboard, ClipboardReadFailed, pastedText, readClipboardBlob } from './clipboard'
import { GroupNumbersDialog } from './GroupNumbersDialog'
import { InvalidList } from './InvalidList'
import { invalidLinesFile, sampleNumbers } from './number-sources'
import { OperatorBreakdown } from './OperatorBreakdown'
import type { InvalidReason } from './numbers-client'
import type { useNumbers } from './use-numbers'

/** How many of the kept numbers are shown under the counts. */
const SAMPLE_SIZE = 5

/**
 * The recipients box. A paste never lands in the text area: its text goes to the worker as bytes and the page
 * shows counts only, so a million pasted numbers never become a million-line text area. Typed text stays in the
 * box and is counted as it is typed (small lists typed by hand). The sources' buttons are one toolbar, one Tab
 * stop, so Tab goes from the box to the content in two steps.
 */
export function NumbersPanel({ numbers, cusId = '', accountMissing = false, problem = null }: {
  numbers: ReturnType<typeof useNumbers>
  /** What stops the send about the recipients (none valid, still reading), shown on the box as the content's is. */
  problem?: string | null
  /** The sending account, whose address-book groups are offered; '' for every group the user may see. */
  cusId?: string
  /** The page sends for a chosen account and none is chosen yet: the group dialog asks for it first. */
  accountMissing?: boolean
}) {
  const { LL } = useI18nContext()
  const t = LL.send.numbers
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [groupsOpen, setGroupsOpen] = useState(false)
  const [clipboardButton] = useState(canReadClipboard)
  const [reading, setReading] = useState(false)
  const { state, pending, error } = numbers
  const reasons: Record<InvalidReason, () => string> = {
    format: t.reasonFormat, length: t.reasonLength, landline: t.reasonLandline, country: t.reasonCountry,
  }
  const reason = (r: InvalidReason) => reasons[r]()
  // The first kept numbers, decoded from the worker's bytes (never the pasted text re-split on this thread).
  const sample = useMemo(() => sampleNumbers(state.numbers, SAMPLE_SIZE), [state.numbers])

  const downloadInvalid = () =>
    saveBlob(invalidLinesFile(state, reason), t.invalidFileName())
  // A click is a user gesture: the browser asks for clipboard-read the first time, and the Blob goes to the worker
  // as a Ctrl+V's does. A refusal keeps the numbers added so far.
  const pasteFromClipboard = () => {
    setReading(true)
    readClipboardBlob()
      .then((blob) => void numbers.addText(blob))
      .catch((e: unknown) => {
        const failed = { denied: t.clipboardDenied, empty: t.clipboardEmpty, failed: t.clipboardReadFailed }
        numbers.fail(failed[e instanceof ClipboardReadFailed ? e.code : 'failed']())
      })
      .finally(() => setReading(false))
  }

  // Keyboard users reach both from the palette while a send page is open (a palette choice is a user gesture, so
  // the clipboard read and the file chooser are allowed).
  const pasteRef = useRef(pasteFromClipboard)
  useEffect(() => {
    pasteRef.current = pasteFromClipboard
  })
  useEffect(() => {
    const group = () => LL.send.group()
    return registerCommands([
      ...(clipboardButton ? [{ id: 'action:numbers:paste', kind: 'action' as const, group, label: () => t.pasteCommand(), perform: () => pasteRef.current() }] : []),
      { id: 'action:numbers:file', kind: 'action', group, label: () => t.fileCommand(), perform: () => fileRef.current?.click() },
    ])
  }, [LL, t, clipboardButton])

  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.title()}</h2>
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.boxLabel()}</label>
      <textarea
        id={id}
        data-testid="numbers-box"
        rows={4}
        value={numbers.typed}
        placeholder={t.placeholder()}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => numbers.setTyped(e.target.value)}
        // Leaving the box ends the number being typed: it is counted, or listed as invalid, as it stands.
        onBlur={() => void numbers.flush()}
        onPaste={(e) => {
          e.preventDefault()
          const text = pastedText(e)
          // A failed asynchronous read cannot fall back to the event's text any more: say so, so the paste is redone.
          if (typeof text !== 'string') {
            void text.then(
              (blob) => {
                if (blob?.size) void numbers.addText(blob)
              },
              () => numbers.fail(t.clipboardFailed()),
            )
          } else if (text) {
            // The event's task already holds the browser's synchronous clipboard read (~70 ms for a million
            // numbers): the render and the post to the worker wait for a task of their own.
            setTimeout(() => void numbers.addText(text))
          }
        }}
        className={`mt-1 w-full rounded border bg-[var(--surface)] px-3 py-2 font-mono text-sm outline-none focus:border-[var(--primary)]
          focus:ring-2 focus:ring-[var(--primary)]/30 ${problem ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      {problem && <p id={`${id}-problem`} role="alert" data-testid="numbers-problem" className="text-sm text-[var(--danger)]">{problem}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Toolbar label={t.tools()} className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => fileRef.current?.click()}>{t.file()}</Button>
          <input
            ref={fileRef}
            type="file"
            accept=".txt,.csv,.xls,.xlsx,text/plain,text/csv"
            className="hidden"
            data-testid="numbers-file"
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) void numbers.addFile(file)
            }}
          />
          {clipboardButton && (
            <Button variant="secondary" onClick={pasteFromClipboard} busy={reading} data-testid="numbers-clipboard">{t.fromClipboard()}</Button>
          )}
          <Button variant="secondary" onClick={() => setGroupsOpen(true)} data-testid="numbers-groups">{LL.send.groups.open()}</Button>
          <Button variant="ghost" onClick={numbers.clear} disabled={state.sources === 0 && !numbers.typed}>{t.clear()}</Button>
        </Toolbar>
        {pending && <span className="flex items-center gap-1 text-sm text-[var(--muted)]"><Spinner size={14} />{t.parsing()}</span>}
      </div>
      {error && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{error}</p>}
      <GroupNumbersDialog open={groupsOpen} onClose={() => setGroupsOpen(false)} cusId={cusId} accountMissing={accountMissing} onAdd={(bytes, label) => void numbers.addGroupNumbers(bytes, label)} />
      <ul data-testid="numbers-counts" className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <li data-testid="count-total">{t.total({ count: state.total })}</li>
        <li data-testid="count-valid" className="font-semibold text-[var(--primary)]">{t.valid({ count: state.valid })}</li>
        <li data-testid="count-duplicates">{t.duplicates({ count: state.duplicates })}</li>
        <li data-testid="count-invalid" className={state.invalid ? 'text-[var(--danger)]' : ''}>{t.invalid({ count: state.invalid })}</li>
        {state.sources > 1 && <li className="text-[var(--muted)]">{t.sources({ count: state.sources })}</li>}
      </ul>
      {sample.length > 0 && (
        <p data-testid="numbers-sample" className="mt-1 text-sm text-[var(--muted)]">
          {t.sampleTitle()}{' '}
          <span className="font-mono text-[var(--text)]">{sample.join(', ')}</span>
          {state.valid > sample.length && <> {t.sampleMore({ count: state.valid - sample.length })}</>}
        </p>
      )}
      <OperatorBreakdown counts={state.byOperator} />
      <InvalidList
        items={state.samples.map((s) => ({ where: t.sampleLine({ source: s.source, line: s.line }), text: s.text, reason: reason(s.reason) }))}
        total={state.invalid}
        onDownload={downloadInvalid}
      />
    </section>
  )
}
