import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { longToShort, shortToLong } from '@/api/short-links'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { longUrlSchema, MAX_LONG_URL_CHARS, shortToLongSchema, type ShortLinkResult } from '@/domain/send-link'
import { useI18nContext } from '@/i18n/i18n-react'
import { LinkResult } from './LinkResult'
import { FOCUS_SHORTEN_EVENT } from './short-links.commands'

interface ToolProps {
  title: string
  hint: string
  label: string
  placeholder: string
  submit: string
  name: string
  /** The field's problem, translated; null when it may be sent. */
  problem: (value: string) => string | null
  run: (value: string) => Promise<ShortLinkResult>
  resultId: string
}

/** One tool: a field, its button (Enter sends), the field's message, and the link answered. */
function Tool({ title, hint, label, placeholder, submit, name, problem, run, resultId }: ToolProps) {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const call = useMutation({ mutationFn: run })
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mb-3 mt-1 text-sm text-[var(--muted)]">{hint}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const p = problem(value)
          setError(p)
          if (p) e.currentTarget.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus()
          else call.mutate(value.trim())
        }}
      >
        <TextField
          name={name}
          label={label}
          placeholder={placeholder}
          value={value}
          autoComplete="off"
          spellCheck={false}
          error={error}
          onChange={(e) => {
            setValue(e.target.value)
            if (error) setError(problem(e.target.value))
          }}
          addon={
            <Button type="submit" busy={call.isPending}>
              {submit}
            </Button>
          }
        />
      </form>
      {call.data && <LinkResult link={call.data} testId={resultId} />}
    </section>
  )
}

/**
 * /short-link/tools: long → short (/shortChainTool/longToShort, the account's own link, the same one again for a
 * known long link) and short → long (/shortChainTool/shortToLong, links of the account and its sub-accounts), each
 * answer with its clicks. The palette's "shorten a link" lands in the first field.
 */
export default function ShortLinkToolsScreen() {
  const { LL } = useI18nContext()
  const l = LL.linkTools
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const focus = () => root.current?.querySelector<HTMLInputElement>('input[name="long_url"]')?.focus()
    focus()
    window.addEventListener(FOCUS_SHORTEN_EVENT, focus)
    return () => window.removeEventListener(FOCUS_SHORTEN_EVENT, focus)
  }, [])

  const longProblem = (v: string) => {
    const r = longUrlSchema.safeParse(v)
    if (r.success) return null
    const m = r.error.issues[0]?.message
    const t = LL.sendLink.errors
    return m === 'required' ? t.required() : m === 'tooLong' ? t.tooLong({ max: MAX_LONG_URL_CHARS }) : t.invalid()
  }
  const shortProblem = (v: string) => (shortToLongSchema.safeParse({ short_url: v }).success ? null : l.expand.required())

  return (
    <div ref={root} className="mx-auto flex max-w-3xl flex-col gap-5 p-4">
      <Tool
        title={l.shorten.title()} hint={l.shorten.hint()} label={l.shorten.label()} placeholder={l.shorten.placeholder()}
        submit={l.shorten.submit()} name="long_url" problem={longProblem} run={longToShort} resultId="shorten-result"
      />
      <Tool
        title={l.expand.title()} hint={l.expand.hint()} label={l.expand.label()} placeholder={l.expand.placeholder()}
        submit={l.expand.submit()} name="short_url" problem={shortProblem} run={shortToLong} resultId="expand-result"
      />
    </div>
  )
}
