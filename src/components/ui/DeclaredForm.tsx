import { useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react'
import type { z } from 'zod'
import { isApiError } from '@/api/errors'
import { fieldErrors, fieldErrorsSchema } from '@/domain/field-errors'
import { isErrorKey } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { FormDialog } from './FormDialog'
import { FormMessage } from './FormMessage'
import { FormRefusal } from './form-refusal'
import { mountDialog } from './mount-dialog'
import { TextField } from './TextField'
import { toast } from './toast'

type Values<K extends string> = Record<K, string>

/**
 * A declared form as its addons, its `submit` and its opener's `formRef` reach it: a field's own action (a code send)
 * checks only the fields it needs and words its outcome under the form; a spent captcha is cleared.
 */
export interface FormHandle<K extends string = string> {
  values: Values<K>
  set: (name: K, value: string) => void
  /** Checks the named fields with their own rules, marks the bad ones and focuses the first; true when all pass. */
  check: (names: readonly K[]) => boolean
  /** Words under the form (`ok`: good news, as "code sent"), or none with null. */
  note: (text: string | null, ok?: boolean) => void
}

/**
 * One field of a declared form: its name, how it is typed, what it is called, and (optionally) its own rule. A form
 * is an array of these, so a new form costs a declaration, not a component.
 */
export interface FormField<K extends string = string> {
  name: K
  label: string
  kind?: 'text' | 'password' | 'tel' | 'code' | 'url' | 'select' | 'textarea' | 'radio'
  options?: readonly { value: string; label: string }[]
  /** Words under the field while it is not refused; a function when they follow what is typed (a count). */
  hint?: string | ((values: Values<K>) => string)
  autoComplete?: string
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url' | 'tel'
  placeholder?: string
  maxLength?: number
  /** A text area's height in lines (3 without it). */
  rows?: number
  /** Content after the input on the same row (a "get code" button, a captcha image). */
  addon?: (values: Values<K>, form: FormHandle<K>) => ReactNode
  /** The field's own rule, a schema of src/domain (the same the server parses with); the value is the typed string. */
  schema?: z.ZodType
  /**
   * Words when the form refuses the field (its own `schema` or the form's). Without them, the issue's ErrorKey is
   * worded by LL.errors. A function gets the issue (its path names an item of a list) and the values.
   */
  message?: string | ((issue: z.core.$ZodIssue, values: Values<K>) => string)
  visibleWhen?: (values: Values<K>) => boolean
  /** false: checked only by an addon's `form.check` (the captcha a code send spends), not by the submit. */
  checkOnSubmit?: boolean
}

export interface FormSpec<K extends string, Out = Values<K>> {
  /** Test ids and input ids derive from it (`<id>`, `<id>-<field>`, `<id>-submit`); a generated id without it. */
  id?: string
  fields: readonly FormField<K>[]
  /** The schema the server validates the whole payload with; its issues are ErrorKeys (src/domain/field-errors.ts). */
  schema?: z.ZodType<Out>
  /** What `schema` parses, made from the typed strings (a list split from a text area); the values themselves without it. */
  toInput?: (values: Values<K>) => unknown
  /** Rules across fields (a confirmation equal to the password), once each field passes: field name → words. */
  check?: (values: Values<K>) => Partial<Record<K, string>>
  /**
   * Sends the parsed values (`schema`'s output, or the strings when there is none); resolves to the success words
   * (toasted on a page, handed to the opener of a dialog), or to nothing (a confirmation declined). A refusal it
   * throws (the client's ApiError, or a FormRefusal) marks fields or shows under the form, keeping what was typed.
   */
  submit: (data: Out, values: Values<K>, form: FormHandle<K>) => Promise<string | void>
  /** Values to start with (and to return to after a success, unless `keepValues`). */
  initial?: Partial<Values<K>>
  keepValues?: boolean
  /** A refusal that names no field is shown under this one (instead of under the form). */
  errorField?: K
  /** The page form's button, the dialog's save button; a function when it names the choice made ("Start XLSX"). */
  submitLabel?: string | ((values: Values<K>) => string)
  /** The page form's button while the call runs ("signing in…"); `submitLabel` without it. */
  busyLabel?: string
  submitTestId?: string
}

const INPUT_TYPE = { text: 'text', password: 'password', tel: 'tel', code: 'text', url: 'url' } as const
const INPUT_MODE = { tel: 'numeric', code: 'numeric', url: 'url' } as const

// 16 px on a phone, so a browser there does not zoom into the field on focus (a public page is read on phones).
const controlClass = `rounded border bg-[var(--surface)] px-3 py-2 text-base text-[var(--text)] sm:text-sm outline-none focus:border-[var(--primary)]
  focus:ring-2 focus:ring-[var(--primary)]/30`

/**
 * The state of a declared form: values, errors, busy, and the submit that checks each visible field with its rule,
 * then the form's schema, then `check`; sends; marks the fields the server's `data.fields` names; and focuses the
 * first bad field. Resolves true when saved.
 */
function useDeclaredForm<K extends string, Out>(spec: FormSpec<K, Out>, onSaved: (msg: string | void) => void) {
  const { LL } = useI18nContext()
  const auto = useId()
  const base = spec.id ?? auto
  const blank = () =>
    Object.fromEntries(
      spec.fields.map((f) => [f.name, spec.initial?.[f.name] ?? (f.kind === 'select' || f.kind === 'radio' ? (f.options?.[0]?.value ?? '') : '')]),
    ) as Values<K>
  const [values, setValues] = useState<Values<K>>(blank)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [note, setNote] = useState<{ text: string; ok?: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)

  const visible = spec.fields.filter((f) => !f.visibleWhen || f.visibleWhen(values))
  const checked = visible.filter((f) => f.checkOnSubmit !== false)
  const idOf = (name: string) => `${base}-${name}`
  const word = (key: string, fallback: string) => (isErrorKey(key) ? LL.errors[key]() : fallback)
  const refused = (f: FormField<K>, issue: z.core.$ZodIssue | undefined, key: string) =>
    typeof f.message === 'string' ? f.message : f.message && issue ? f.message(issue, values) : word(key, LL.errors.invalidValue())

  /**
   * Shows the errors found (beside those kept), focuses the first bad visible field; false when none of them names a
   * field.
   */
  const show = (found: Partial<Record<K, string>>, kept: Partial<Record<K, string>> = {}) => {
    const named = visible.filter((f) => found[f.name])
    setErrors({ ...kept, ...Object.fromEntries(named.map((f) => [f.name, found[f.name]])) } as Partial<Record<K, string>>)
    if (named[0]) document.getElementById(idOf(named[0].name))?.focus()
    return named.length > 0
  }

  /** Each field's own rule, for the given fields. */
  const ownRules = (fields: readonly FormField<K>[]) => {
    const bad: Partial<Record<K, string>> = {}
    for (const f of fields) {
      const r = f.schema?.safeParse(values[f.name])
      if (r && !r.success) bad[f.name] = refused(f, r.error.issues[0], r.error.issues[0]?.message ?? '')
    }
    return bad
  }

  /** The client's refusal, or the parsed payload. */
  const validate = (): { bad: Partial<Record<K, string>> } | { data: Out } => {
    const bad = ownRules(checked)
    if (Object.keys(bad).length) return { bad }
    let data = values as unknown as Out
    if (spec.schema) {
      const input = spec.toInput ? spec.toInput(values) : values
      const parsed = spec.schema.safeParse(input)
      if (!parsed.success) {
        const keys = fieldErrors(parsed.error, input) as Record<string, string>
        for (const f of checked) {
          if (keys[f.name]) bad[f.name] = refused(f, parsed.error.issues.find((i) => i.path[0] === f.name), keys[f.name])
        }
        // A refusal of a field the form does not show still stops the send, under the form.
        if (!Object.keys(bad).length) setNote({ text: LL.errors.invalidValue() })
        return { bad }
      }
      data = parsed.data
    }
    Object.assign(bad, spec.check?.(values) ?? {})
    return Object.keys(bad).length ? { bad } : { data }
  }

  const set = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }))
  }

  const handle: FormHandle<K> = {
    values,
    set,
    check: (names) => {
      const fields = visible.filter((f) => names.includes(f.name))
      const kept = Object.fromEntries(Object.entries(errors).filter(([k]) => !names.includes(k as K))) as Partial<Record<K, string>>
      return !show(ownRules(fields), kept)
    },
    note: (text, ok) => setNote(text ? { text, ok } : null),
  }

  const submit = async (): Promise<boolean> => {
    if (busyRef.current) return false
    setNote(null)
    const result = validate()
    if ('bad' in result) {
      show(result.bad)
      return false
    }
    setErrors({})
    busyRef.current = true
    setBusy(true)
    try {
      onSaved(await spec.submit(result.data, values, handle))
      if (!spec.keepValues) setValues(blank())
      return true
    } catch (e) {
      if (e instanceof FormRefusal) {
        if (!show(e.fields as Partial<Record<K, string>>)) setNote({ text: e.message })
        return false
      }
      if (!isApiError(e)) throw e
      if (e.kind === 'aborted') return false
      const named = fieldErrorsSchema.safeParse(e.data)
      const byServer = named.success
        ? Object.fromEntries(Object.entries(named.data.fields).map(([k, v]) => [k, word(v, e.msg)]))
        : spec.errorField ? { [spec.errorField]: e.message } : {}
      if (!show(byServer as Partial<Record<K, string>>)) setNote({ text: e.message })
      return false
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  return { spec, values, errors, note, busy, visible, idOf, set, submit, handle, testId: spec.id }
}

type FormState<K extends string, Out> = ReturnType<typeof useDeclaredForm<K, Out>>

const submitWords = <K extends string, Out>(spec: FormSpec<K, Out>, values: Values<K>) =>
  typeof spec.submitLabel === 'function' ? spec.submitLabel(values) : spec.submitLabel

/** The fields of a declared form, each with its label, its hint, and its message in the hint's place. */
function Fields<K extends string, Out>({ form, autoFocus, tail }: { form: FormState<K, Out>; autoFocus?: boolean; tail?: ReactNode }) {
  const { values, errors, visible, idOf, set, testId } = form
  return (
    <>
      {visible.map((f, i) => {
        const error = errors[f.name] ?? null
        const id = idOf(f.name)
        const hint = typeof f.hint === 'function' ? f.hint(values) : f.hint
        const common = {
          id,
          name: f.name,
          value: values[f.name],
          autoFocus: autoFocus && i === 0,
          placeholder: f.placeholder,
          maxLength: f.maxLength,
          'data-testid': testId ? `${testId}-${f.name}` : undefined,
        }
        if (f.kind === 'radio') {
          // Arrows pick, Enter sends; the checked choice is the one that takes the focus.
          return (
            <fieldset key={f.name} data-testid={common['data-testid']} className="flex flex-wrap items-center gap-4 text-sm">
              <legend className="mb-1 text-xs text-[var(--muted)]">{f.label}</legend>
              {f.options?.map((o, j) => (
                <label key={o.value} className="inline-flex items-center gap-1.5">
                  <input
                    type="radio"
                    id={j === 0 ? id : `${id}-${o.value}`}
                    name={f.name}
                    value={o.value}
                    checked={values[f.name] === o.value}
                    autoFocus={common.autoFocus && values[f.name] === o.value}
                    onChange={() => set(f.name, o.value)}
                  />
                  {o.label}
                </label>
              ))}
            </fieldset>
          )
        }
        if (f.kind === 'select' || f.kind === 'textarea') {
          const control = {
            ...common,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': `${id}-msg`,
            className: `${controlClass} ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`,
          }
          return (
            <div key={f.name} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm text-[var(--muted)]">{f.label}</label>
              {f.kind === 'select' ? (
                <select {...control} onChange={(e) => set(f.name, e.target.value)}>
                  {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              ) : (
                <textarea {...control} rows={f.rows ?? 3} autoComplete="off" onChange={(e) => set(f.name, e.target.value)} />
              )}
              <p id={`${id}-msg`} role={error ? 'alert' : undefined} className={`min-h-4 text-xs ${error ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
                {error ?? hint ?? ''}
              </p>
            </div>
          )
        }
        const kind = f.kind ?? 'text'
        return (
          <div key={f.name}>
            <TextField
              {...common}
              label={f.label}
              type={INPUT_TYPE[kind]}
              inputMode={f.inputMode ?? (kind in INPUT_MODE ? INPUT_MODE[kind as keyof typeof INPUT_MODE] : undefined)}
              autoComplete={f.autoComplete ?? (kind === 'password' ? 'new-password' : 'off')}
              spellCheck={kind === 'url' ? false : undefined}
              error={error}
              addon={
                tail && i === visible.length - 1 ? (
                  <>
                    {f.addon?.(values, form.handle)}
                    {tail}
                  </>
                ) : (
                  f.addon?.(values, form.handle)
                )
              }
              onChange={(e) => set(f.name, e.target.value)}
            />
            {/* The hint sits in the error's empty line; an error (which words the rule itself) takes its place. */}
            {hint && !error && <p className="-mt-5 mb-1 min-h-4 text-xs text-[var(--muted)]">{hint}</p>}
          </div>
        )
      })}
      <FormMessage text={form.note?.text ?? null} ok={form.note?.ok} />
    </>
  )
}

export interface DeclaredFormProps<K extends string, Out> {
  spec: FormSpec<K, Out>
  /** Content after the submit button (a "clear" button, a link). */
  actions?: ReactNode
  /** The first field takes the focus (a page that is this form, as the sign-in). */
  autoFocus?: boolean
  /** Fills its container, the button across it (the sign-in card). */
  block?: boolean
  /** The button on the last field's row, after its addon (a one-field tool: shorten a link). */
  inline?: boolean
  /** The form's handle for its opener (words typed before the page was drawn, set into a field). */
  formRef?: Ref<FormHandle<K>>
}

/**
 * The form primitive of STYLE.md's "every write is data", on a page: fields declared once, checked with their rules
 * and the shared schema before sending, Enter (Ctrl/⌘+Enter in a text area) submits, the button is busy while the
 * call runs, the server's `data.fields` marks fields, and focus goes to the first bad field. The success words are
 * toasted.
 */
export function DeclaredForm<K extends string, Out>({ spec, actions, autoFocus, block, inline, formRef }: DeclaredFormProps<K, Out>) {
  const { LL } = useI18nContext()
  const form = useDeclaredForm(spec, (msg) => msg && toast.success(msg))
  useImperativeHandle(formRef, () => form.handle)
  const label = submitWords(spec, form.values) ?? LL.common.save()
  const button = (
    <Button
      type="submit"
      busy={form.busy}
      className={block && !inline ? 'mt-2 w-full' : ''}
      data-testid={spec.submitTestId ?? (spec.id ? `${spec.id}-submit` : undefined)}
    >
      {form.busy ? (spec.busyLabel ?? label) : label}
    </Button>
  )
  return (
    <form
      noValidate
      data-testid={spec.id}
      className={`flex flex-col gap-1 ${block ? '' : 'max-w-md'}`}
      onSubmit={(e) => {
        e.preventDefault()
        void form.submit()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229) {
          e.preventDefault()
          void form.submit()
        }
      }}
    >
      <Fields form={form} autoFocus={autoFocus} tail={inline ? button : undefined} />
      {(!inline || actions) && (
        <div className="flex flex-wrap items-center gap-3">
          {!inline && button}
          {actions}
        </div>
      )}
    </form>
  )
}

export interface DeclaredFormDialogProps<K extends string, Out> {
  spec: FormSpec<K, Out>
  title: string
  /** A line under the title (what the form does, a balance). */
  intro?: string
  /** What the form is about, above its fields (the screenshot a feedback describes). */
  lead?: ReactNode
  /** The dialog's width class (max-w-lg without it). */
  width?: string
  saveTestId?: string
  /** The success words, when saved (before the close). */
  onSaved?: (msg: string | void) => void
  onClose: () => void
}

/** The same declared form in a FormDialog (Cancel / Save, Enter and Ctrl/⌘+Enter save); the first field has focus. */
export function DeclaredFormDialog<K extends string, Out>({ spec, title, intro, lead, width, saveTestId, onSaved, onClose }: DeclaredFormDialogProps<K, Out>) {
  const form = useDeclaredForm(spec, (msg) => onSaved?.(msg))
  return (
    <FormDialog
      title={title}
      onSubmit={form.submit}
      onClose={onClose}
      saveTestId={saveTestId}
      saveLabel={submitWords(spec, form.values)}
      testId={spec.id}
      width={width ?? 'max-w-lg'}
    >
      {intro && <p className="mb-2 text-sm text-[var(--muted)]">{intro}</p>}
      {lead}
      <Fields form={form} autoFocus />
    </FormDialog>
  )
}

/** Opens a declared form in a dialog; resolves with the success words when saved, or with nothing when cancelled. */
export function openFormDialog<K extends string, Out>(props: Omit<DeclaredFormDialogProps<K, Out>, 'onSaved' | 'onClose'>): Promise<string | void> {
  return new Promise((resolve) => {
    let done: string | void = undefined
    mountDialog((close) => (
      <DeclaredFormDialog
        {...props}
        onSaved={(msg) => {
          done = msg
        }}
        onClose={() => {
          close()
          resolve(done)
        }}
      />
    ))
  })
}
