import { useEffect, useRef, useState } from 'react'
import { longToShort, shortToLong } from '@/api/short-links'
import { DeclaredForm, type FormField, type FormSpec } from '@/components/ui/DeclaredForm'
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
  /** The field's rule (the payload's schema) and its words when it refuses. */
  schema: FormField['schema']
  message: FormField['message']
  run: (value: string) => Promise<ShortLinkResult>
  resultId: string
}

/** One tool: a field and its button on one row (Enter sends), the field's message, and the link answered. */
function Tool({ title, hint, label, placeholder, submit, name, schema, message, run, resultId }: ToolProps) {
  const [result, setResult] = useState<ShortLinkResult | null>(null)
  const spec: FormSpec<string> = {
    id: `link-${name}`,
    keepValues: true,
    fields: [{ name, label, placeholder, kind: 'url', schema, message }],
    errorField: name,
    submitLabel: submit,
    submit: async (_, values) => void setResult(await run(values[name].trim())),
  }
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mb-3 mt-1 text-sm text-[var(--muted)]">{hint}</p>
      <DeclaredForm spec={spec} block inline />
      {result && <LinkResult link={result} testId={resultId} />}
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

  const longWords = (issue: { message?: string }) => {
    const t = LL.sendLink.errors
    return issue.message === 'required' ? t.required() : issue.message === 'tooLong' ? t.tooLong({ max: MAX_LONG_URL_CHARS }) : t.invalid()
  }

  return (
    <div ref={root} className="mx-auto flex max-w-3xl flex-col gap-5 p-4">
      <Tool
        title={l.shorten.title()} hint={l.shorten.hint()} label={l.shorten.label()} placeholder={l.shorten.placeholder()}
        submit={l.shorten.submit()} name="long_url" schema={longUrlSchema} message={longWords} run={longToShort} resultId="shorten-result"
      />
      <Tool
        title={l.expand.title()} hint={l.expand.hint()} label={l.expand.label()} placeholder={l.expand.placeholder()}
        submit={l.expand.submit()} name="short_url" schema={shortToLongSchema.shape.short_url} message={l.expand.required()} run={shortToLong} resultId="expand-result"
      />
    </div>
  )
}
