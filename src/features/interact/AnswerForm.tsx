import { useState } from 'react'
import { sendInteractAnswer } from '@/api/interact'
import { isApiError } from '@/api/http'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { FormRefusal } from '@/components/ui/form-refusal'
import type { Locale } from '@/domain/constants'
import { interactAnswerSchema, MAX_ANSWER_CHARS, type InteractAnswerPayload, type InteractView } from '@/domain/interact'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  code: string
  locale: Locale
  answersLeft: number
  onAnswered: (view: InteractView) => void
}

const FORM_ID = 'interact-answer'

/**
 * The answer box: the same schema as the server (1 to MAX_ANSWER_CHARS characters after trimming), Ctrl/⌘+Enter or
 * the button sends, the server's refusal (too many answers, page full, expired) is shown under the box in the
 * visitor's language, and focus stays in the box for the next answer.
 */
export function AnswerForm({ code, locale, answersLeft, onAnswered }: Props) {
  const { LL } = useI18nContext()
  const [done, setDone] = useState<string | null>(null)
  const spec: FormSpec<'content', InteractAnswerPayload> = {
    id: FORM_ID,
    schema: interactAnswerSchema,
    toInput: (v) => ({ code, content: v.content }),
    fields: [
      {
        name: 'content', label: LL.interact.answerLabel(), kind: 'textarea',
        hint: (v) => `${LL.interact.answerHint({ count: v.content.trim().length, max: MAX_ANSWER_CHARS })} · ${LL.interact.answersLeft({ n: answersLeft })}`,
        message: (issue) => (issue.message === 'tooLong' ? LL.interact.errors.tooLong({ max: MAX_ANSWER_CHARS }) : LL.interact.errors.required()),
      },
    ],
    submitLabel: LL.interact.send(),
    submit: async (p) => {
      setDone(null)
      try {
        const { view, msg } = await sendInteractAnswer(code, p.content, locale)
        setDone(msg || LL.interact.sent())
        onAnswered(view)
      } catch (e) {
        throw new FormRefusal('', { content: isApiError(e) && e.msg ? e.msg : LL.errors.unknown() })
      } finally {
        document.getElementById(`${FORM_ID}-content`)?.focus()
      }
    },
  }
  return (
    <DeclaredForm
      spec={spec}
      autoFocus
      actions={
        <span role="status" className="text-sm text-[var(--success,var(--primary))]" data-testid="interact-status">
          {done ?? ''}
        </span>
      }
    />
  )
}
