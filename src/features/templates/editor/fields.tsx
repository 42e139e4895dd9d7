import type { ReactNode } from 'react'

/*
 * The editors' inputs: a label, the control, and one line under it that holds the refusal (role=alert) or the
 * hint. Ids derive from the field's payload path, so a refusal of 'cards.1.title' (the console's or the server's)
 * can focus its input: fieldId('csp', 'cards.1.title').
 */
export const fieldId = (form: string, path: string) => `${form}-${path.replace(/\./g, '-')}`

const control = `w-full rounded border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none focus:border-[var(--primary)]
  focus:ring-2 focus:ring-[var(--primary)]/30`

interface Common {
  form: string
  path: string
  label: string
  error?: string | null
  hint?: ReactNode
  className?: string
}

function Shell({ form, path, label, error, hint, className, children }: Common & { children: ReactNode }) {
  const id = fieldId(form, path)
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{label}</label>
      {children}
      <p id={`${id}-msg`} role={error ? 'alert' : undefined} className={`min-h-4 text-xs ${error ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
        {error ?? hint ?? ''}
      </p>
    </div>
  )
}

const props = (p: Common) => {
  const id = fieldId(p.form, p.path)
  return {
    id, name: p.path, 'data-testid': id, 'aria-invalid': p.error ? true : undefined, 'aria-describedby': `${id}-msg`,
    className: `${control} ${p.error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`,
  }
}

export function TextInput(p: Common & { value: string; onChange: (v: string) => void; inputMode?: 'url' | 'tel' | 'text'; type?: string }) {
  return (
    <Shell {...p}>
      <input {...props(p)} type={p.type ?? 'text'} autoComplete="off" inputMode={p.inputMode} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
    </Shell>
  )
}

export function TextArea(p: Common & { value: string; onChange: (v: string) => void; rows?: number }) {
  return (
    <Shell {...p}>
      <textarea {...props(p)} rows={p.rows ?? 3} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
    </Shell>
  )
}

export function Select(p: Common & { value: string; onChange: (v: string) => void; options: readonly { value: string; label: string; disabled?: boolean }[] }) {
  return (
    <Shell {...p}>
      <select {...props(p)} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {p.options.map((o) => <option key={o.value} value={o.value} disabled={o.disabled}>{o.label}</option>)}
      </select>
    </Shell>
  )
}

/** A small bordered button for the editors' per-item actions (move, remove); its name says what it does. */
export function ItemButton({ label, onClick, disabled, testId, children }: {
  label: string
  onClick: () => void
  disabled?: boolean
  testId?: string
  children: ReactNode
}) {
  return (
    <button
      type="button" aria-label={label} title={label} disabled={disabled} data-testid={testId} onClick={onClick}
      className="rounded border border-[var(--border)] px-2 py-1 text-xs text-[var(--text)] hover:bg-[var(--surface-2)] disabled:opacity-40
        focus-visible:ring-2 focus-visible:ring-[var(--primary)]/40 focus-visible:outline-none"
    >
      {children}
    </button>
  )
}
