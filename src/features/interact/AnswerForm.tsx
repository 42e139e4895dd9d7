import { useId, useRef, useState } from 'react'
import { sendInteractAnswer } from '@/api/interact'
import { isApiError } from '@/api/http'
import { Button } from '@/components/ui/Button'
import type { Locale } from '@/domain/constants'
import { interactAnswerSchema, MAX_ANSWER_CHARS, type InteractView } from '@/domain/interact'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  code: string
  locale: Locale
  answersLeft: number
  onAnswered: (view: InteractView) => void
}

/**
 * The answer box: the same schema as the server (1 to MAX_ANSWER_CHARS characters after trimming), Ctrl/⌘+Enter or
 * the button sends, the server's refusal (too many answers, page full, expired) is shown under the box in the
 * visitor's language, and focus stays in the box for the next answer.
 */
export function AnswerForm({ code, locale, answersLeft, onAnswered }: Props) {
  const { LL } = useI18nContext()
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (busy) return
    const parsed = interactAnswerSchema.safeParse({ code, content: text })
    if (!parsed.success) {
      const m = parsed.error.issues.find((i) => i.path[0] === 'content')?.message
      setError(m === 'tooLong' ? LL.interact.errors.tooLong({ max: MAX_ANSWER_CHARS }) : LL.interact.errors.required())
      box.current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      const { view, msg } = await sendInteractAnswer(code, parsed.data.content, locale)
      setText('')
      setDone(msg || LL.interact.sent())
      onAnswered(view)
    } catch (e) {
      setError(isApiError(e) && e.msg ? e.msg : LL.errors.unknown())
    } finally {
      setBusy(false)
      box.current?.focus()
    }
  }

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {LL.interact.answerLabel()}
      </label>
      <textarea
        id={id}
        ref={box}
        rows={3}
        value={text}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            void submit()
          }
        }}
        className="rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 text-base outline-none focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30"
      />
      <p id={`${id}-hint`} className="text-xs text-[var(--muted)]">
        {LL.interact.answerHint({ count: text.trim().length, max: MAX_ANSWER_CHARS })} · {LL.interact.answersLeft({ n: answersLeft })}
      </p>
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="min-h-4 text-sm text-[var(--danger)]">
        {error ?? ''}
      </p>
      <div className="flex items-center gap-3">
        <Button type="submit" busy={busy}>
          {LL.interact.send()}
        </Button>
        <span role="status" className="text-sm text-[var(--success,var(--primary))]" data-testid="interact-status">
          {done ?? ''}
        </span>
      </div>
    </form>
  )
}
