import type { ReactNode } from 'react'
import { checkedValues } from './declared-form-spec'
import { FormMessage } from './FormMessage'
import { TextField } from './TextField'
import type { FormState } from './use-declared-form'

const INPUT_TYPE = { text: 'text', password: 'password', tel: 'tel', code: 'text', url: 'url' } as const
const INPUT_MODE = { tel: 'numeric', code: 'numeric', url: 'url' } as const

// 16 px on a phone, so a browser there does not zoom into the field on focus (a public page is read on phones).
const controlClass = `rounded border bg-[var(--surface)] px-3 py-2 text-base text-[var(--text)] sm:text-sm outline-none focus:border-[var(--primary)]
  focus:ring-2 focus:ring-[var(--primary)]/30`

/**
 * The fields of a declared form, each with its label, its hint, and its message in the hint's place. The hint's line
 * is a block, so a hint may be a list of figures, not only words.
 */
export function DeclaredFields<K extends string, Out>({ form, autoFocus, tail }: { form: FormState<K, Out>; autoFocus?: boolean; tail?: ReactNode }) {
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
          // The field a user types first (the amount of a charge), else the first one.
          autoFocus: autoFocus && (form.spec.focus ? f.name === form.spec.focus : i === 0),
          placeholder: f.placeholder,
          maxLength: f.maxLength,
          readOnly: f.readOnly,
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
        if (f.kind === 'checkboxes') {
          // Tab walks the boxes, Space checks one; the first box carries the field's id, so a refusal focuses it.
          const chosen = new Set(checkedValues(values[f.name]))
          const toggle = (value: string) =>
            set(f.name, (f.options ?? []).filter((o) => (o.value === value ? !chosen.has(value) : chosen.has(o.value))).map((o) => o.value).join(','))
          return (
            <fieldset key={f.name} data-testid={common['data-testid']} className="flex flex-col gap-1">
              <legend className="mb-1 text-sm text-[var(--muted)]">{f.label}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {f.options?.map((o, j) => (
                  <label key={o.value} className="inline-flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      id={j === 0 ? id : `${id}-${o.value}`}
                      name={f.name}
                      value={o.value}
                      checked={chosen.has(o.value)}
                      autoFocus={common.autoFocus && j === 0}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${id}-msg`}
                      onChange={() => toggle(o.value)}
                    />
                    {o.label}
                  </label>
                ))}
              </div>
              <div id={`${id}-msg`} role={error ? 'alert' : undefined} className={`min-h-4 text-xs ${error ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
                {error ?? hint ?? ''}
              </div>
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
              <div id={`${id}-msg`} role={error ? 'alert' : undefined} className={`min-h-4 text-xs ${error ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
                {error ?? hint ?? ''}
              </div>
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
            {hint && !error && <div className="-mt-5 mb-1 min-h-4 text-xs text-[var(--muted)]">{hint}</div>}
          </div>
        )
      })}
      <FormMessage text={form.note?.text ?? null} ok={form.note?.ok} />
    </>
  )
}
