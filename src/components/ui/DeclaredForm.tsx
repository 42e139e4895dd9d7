import { useRef, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { isApiError } from '@/api/errors'
import { fieldErrors, fieldErrorsSchema } from '@/domain/field-errors'
import { isErrorKey } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { TextField } from './TextField'
import { toast } from './toast'

/** One field of a declared form: its name in the schema, how it is typed, and what it is called. */
export interface FormField<K extends string = string> {
  name: K
  label: string
  kind?: 'text' | 'password' | 'tel' | 'code'
  hint?: string
  autoComplete?: string
  /** Content after the input on the same row (a "get code" button). */
  addon?: (values: Record<K, string>) => ReactNode
}

export interface FormSpec<K extends string, Out> {
  /** Test ids and input ids derive from it (`<id>-<field>`, `<id>-submit`). */
  id: string
  /** The schema the server validates with; its issues are ErrorKeys of validation.ts (src/domain/field-errors.ts). */
  schema: z.ZodType<Out>
  fields: readonly FormField<K>[]
  submitLabel: string
  /** Sends the parsed values; resolves to the success message shown as a toast. */
  submit: (data: Out, values: Record<K, string>) => Promise<string>
  /** Values to start with (and to return to after a success, unless `keepValues`). */
  initial?: Partial<Record<K, string>>
  keepValues?: boolean
}

const INPUT_TYPE = { text: 'text', password: 'password', tel: 'tel', code: 'text' } as const

/**
 * The form primitive of STYLE.md's "every write is data": fields declared once, checked with the shared schema
 * before sending, Enter submits, the button is busy while the call runs, the server's `data.fields` marks fields
 * (its message under them when the key is not a client rule), and focus goes to the first bad field.
 */
export function DeclaredForm<K extends string, Out>({ spec }: { spec: FormSpec<K, Out> }) {
  const { LL } = useI18nContext()
  const blank = () => Object.fromEntries(spec.fields.map((f) => [f.name, spec.initial?.[f.name] ?? ''])) as Record<K, string>
  const [values, setValues] = useState<Record<K, string>>(blank)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const word = (key: string, fallback: string) => (isErrorKey(key) ? LL.errors[key]() : fallback)
  const show = (found: Record<string, string>, fallback: string) => {
    const named = spec.fields.filter((f) => found[f.name])
    setErrors(Object.fromEntries(named.map((f) => [f.name, word(found[f.name], fallback)])) as Partial<Record<K, string>>)
    if (named[0]) formRef.current?.querySelector<HTMLInputElement>(`[name="${named[0].name}"]`)?.focus()
    return named.length > 0
  }

  const submit = async () => {
    if (busy) return
    setFormError(null)
    const parsed = spec.schema.safeParse(values)
    if (!parsed.success) return void show(fieldErrors(parsed.error, values), LL.errors.invalidValue())
    setErrors({})
    setBusy(true)
    try {
      toast.success(await spec.submit(parsed.data, values))
      if (!spec.keepValues) setValues(blank())
    } catch (e) {
      if (!isApiError(e) || e.kind === 'aborted') throw e
      const named = fieldErrorsSchema.safeParse(e.data)
      if (!(named.success && show(named.data.fields, e.msg))) setFormError(e.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      data-testid={spec.id}
      className="flex max-w-md flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      {spec.fields.map((f) => (
        <div key={f.name}>
          <TextField
            id={`${spec.id}-${f.name}`}
            name={f.name}
            label={f.label}
            type={INPUT_TYPE[f.kind ?? 'text']}
            inputMode={f.kind === 'tel' || f.kind === 'code' ? 'numeric' : undefined}
            autoComplete={f.autoComplete ?? 'off'}
            value={values[f.name]}
            error={errors[f.name] ?? null}
            addon={f.addon?.(values)}
            onChange={(e) => {
              const value = e.target.value
              setValues((v) => ({ ...v, [f.name]: value }))
              if (errors[f.name]) setErrors((x) => ({ ...x, [f.name]: undefined }))
            }}
          />
          {/* The hint sits in the error's empty line; an error (which words the rule itself) takes its place. */}
          {f.hint && !errors[f.name] && <p className="-mt-5 mb-1 min-h-4 text-xs text-[var(--muted)]">{f.hint}</p>}
        </div>
      ))}
      {formError && <p role="alert" className="text-sm text-[var(--danger)]">{formError}</p>}
      <div>
        <Button type="submit" busy={busy} data-testid={`${spec.id}-submit`}>
          {spec.submitLabel}
        </Button>
      </div>
    </form>
  )
}
