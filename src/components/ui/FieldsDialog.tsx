import { useId, useState } from 'react'
import type { z } from 'zod'
import { FormDialog } from './FormDialog'
import { TextField } from './TextField'

/**
 * One field of a declared form: its label, kind and the domain schema its (string) value must pass, with the words
 * shown when it does not. A form is an array of these, so a new form costs a declaration, not a component.
 */
export interface FormField {
  name: string
  label: string
  kind?: 'text' | 'password' | 'select' | 'textarea'
  options?: { value: string; label: string }[]
  hint?: string
  inputMode?: 'decimal' | 'numeric' | 'text'
  /** The field's rule, a schema of src/domain (the same the server parses with); the value is the typed string. */
  schema?: z.ZodType
  /** Shown when `schema` refuses the value. */
  message?: string
  visibleWhen?: (values: Record<string, string>) => boolean
}

export interface FieldsDialogProps {
  title: string
  fields: FormField[]
  initial?: Record<string, string>
  /** A line under the title (what the form does, a balance). */
  intro?: string
  /** Rules across fields (a confirmation equal to the password): field name → message. */
  check?: (values: Record<string, string>) => Record<string, string>
  /** Saves; a throw keeps the dialog open (the API client has shown the server's words). */
  onSubmit: (values: Record<string, string>) => Promise<void>
  onClose: () => void
  saveTestId?: string
}

const inputClass = `rounded border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none focus:border-[var(--primary)]
  focus:ring-2 focus:ring-[var(--primary)]/30`

/**
 * A declared form in a FormDialog: every field checked with its schema on save, messages under the fields, focus on
 * the first bad one, Enter / Ctrl+Enter to save (FormDialog), the busy state while the call runs.
 */
export function FieldsDialog({ title, fields, initial = {}, intro, check, onSubmit, onClose, saveTestId }: FieldsDialogProps) {
  const formId = useId()
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? (f.kind === 'select' ? (f.options?.[0]?.value ?? '') : '')])),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const visible = fields.filter((f) => !f.visibleWhen || f.visibleWhen(values))
  const idOf = (name: string) => `${formId}-${name}`

  const submit = async () => {
    const bad: Record<string, string> = {}
    for (const f of visible) {
      if (f.schema && !f.schema.safeParse(values[f.name]).success) bad[f.name] = f.message ?? ''
    }
    Object.assign(bad, Object.keys(bad).length ? {} : (check?.(values) ?? {}))
    setErrors(bad)
    const first = visible.find((f) => f.name in bad)
    if (first) {
      document.getElementById(idOf(first.name))?.focus()
      return false
    }
    try {
      await onSubmit(values)
      return true
    } catch {
      return false
    }
  }

  const set = (name: string, v: string) => setValues((old) => ({ ...old, [name]: v }))
  return (
    <FormDialog title={title} onSubmit={submit} onClose={onClose} saveTestId={saveTestId} width="max-w-lg">
      {intro && <p className="mb-2 text-sm text-[var(--muted)]">{intro}</p>}
      {visible.map((f, i) => {
        const error = errors[f.name] || null
        if (f.kind === 'select' || f.kind === 'textarea') {
          const common = {
            id: idOf(f.name), name: f.name, value: values[f.name], autoFocus: i === 0,
            'aria-invalid': error ? true : undefined, 'aria-describedby': `${idOf(f.name)}-msg`,
            className: `${inputClass} ${error ? 'border-[var(--danger)]' : 'border-[var(--border)]'}`,
          }
          return (
            <div key={f.name} className="flex flex-col gap-1">
              <label htmlFor={idOf(f.name)} className="text-sm text-[var(--muted)]">{f.label}</label>
              {f.kind === 'select' ? (
                <select {...common} onChange={(e) => set(f.name, e.target.value)}>
                  {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              ) : (
                <textarea {...common} rows={3} onChange={(e) => set(f.name, e.target.value)} />
              )}
              <p id={`${idOf(f.name)}-msg`} role={error ? 'alert' : undefined} className="min-h-4 text-xs text-[var(--danger)]">
                {error ?? f.hint ?? ''}
              </p>
            </div>
          )
        }
        return (
          <div key={f.name}>
            <TextField
              id={idOf(f.name)}
              name={f.name}
              label={f.label}
              type={f.kind === 'password' ? 'password' : 'text'}
              autoComplete={f.kind === 'password' ? 'new-password' : 'off'}
              inputMode={f.inputMode}
              value={values[f.name]}
              autoFocus={i === 0}
              error={error}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {f.hint && !error && <p className="-mt-4 mb-1 text-xs text-[var(--muted)]">{f.hint}</p>}
          </div>
        )
      })}
    </FormDialog>
  )
}
