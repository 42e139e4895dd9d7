import { useQuery, useQueryClient } from '@tanstack/react-query'
import { interactKeys, interactPageQuery } from '@/api/interact'
import { isApiError } from '@/api/http'
import { PageSpinner } from '@/components/ui/Spinner'
import type { InteractView } from '@/domain/interact'
import { formatTime } from '@/grid/format'
import { useI18nContext } from '@/i18n/i18n-react'
import { AnswerForm } from './AnswerForm'
import { useRecipientLocale } from './use-recipient-locale'

const TIME = 'yyyy-MM-dd HH:mm'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-[var(--bg)] px-4 py-8 text-[var(--text)]">
      <div className="mx-auto flex max-w-lg flex-col gap-5">{children}</div>
    </main>
  )
}

/**
 * An interactive message's public page (/sms-cloud/i/<code>): the message as it was received, the answers given
 * from this page, and a form for the next one. It shows nothing of the sending account beyond the message itself
 * (the server sends nothing more), and speaks the visitor's browser language.
 */
export function InteractPage({ code }: { code: string }) {
  const { LL } = useI18nContext()
  const locale = useRecipientLocale()
  const queryClient = useQueryClient()
  const page = useQuery(interactPageQuery(code, locale))

  if (page.isPending) return <PageSpinner label={LL.common.loading()} />
  if (page.isError) {
    const gone = isApiError(page.error) && (page.error.status === 404 || page.error.status === 400)
    return (
      <Frame>
        <p role="alert" className="mt-16 text-center text-lg" data-testid="interact-error">
          {gone ? LL.interact.notFound() : isApiError(page.error) && page.error.msg ? page.error.msg : LL.errors.unknown()}
        </p>
      </Frame>
    )
  }
  const view = page.data
  const onAnswered = (next: InteractView) => queryClient.setQueryData(interactKeys.page(code), next)
  return (
    <Frame>
      <article className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 shadow-sm">
        <h1 className="text-sm font-medium text-[var(--muted)]">{LL.interact.title()}</h1>
        <p className="mt-2 whitespace-pre-wrap break-words text-base" data-testid="interact-message">
          {view.message}
        </p>
        <p className="mt-3 text-xs text-[var(--muted)]">{LL.interact.sentAt({ time: formatTime(view.sent_at, TIME) })}</p>
      </article>
      <section aria-labelledby="interact-answers" className="flex flex-col gap-2">
        <h2 id="interact-answers" className="text-sm font-medium">
          {LL.interact.answers()}
        </h2>
        {view.answers.length ? (
          <ol className="flex flex-col gap-2" data-testid="interact-answers">
            {view.answers.map((a, i) => (
              <li key={i} className="self-end rounded-lg bg-[var(--primary)] px-3 py-2 text-sm text-[var(--primary-contrast)]">
                <span className="whitespace-pre-wrap break-words">{a.content}</span>
                <span className="ml-2 text-xs">{formatTime(a.time, TIME)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-[var(--muted)]">{LL.interact.noAnswers()}</p>
        )}
      </section>
      {view.answers_left > 0 ? (
        <AnswerForm code={code} locale={locale} answersLeft={view.answers_left} onAnswered={onAnswered} />
      ) : (
        <p className="text-sm text-[var(--muted)]">{LL.interact.full()}</p>
      )}
      <p className="text-xs text-[var(--muted)]">{LL.interact.note()}</p>
    </Frame>
  )
}
