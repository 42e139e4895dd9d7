import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Translated message shown under the field; also marks the input invalid for assistive technology. */
  error?: string | null
  /** Content placed after the input on the same row (a captcha image, a "get code" button). */
  addon?: ReactNode
}

/** Labelled input with its validation message underneath, wired with aria-invalid and aria-describedby. */
export function TextField({ label, error, addon, id, className = '', ...input }: TextFieldProps) {
  const auto = useId()
  const inputId = id ?? auto
  const errorId = `${inputId}-error`
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm text-[var(--muted)]">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-w-0 flex-1 rounded border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)]
            outline-none focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30
            ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
          {...input}
        />
        {addon}
      </div>
      <p id={errorId} role={error ? 'alert' : undefined} className="min-h-4 text-xs text-[var(--danger)]">
        {error ?? ''}
      </p>
    </div>
  )
}
