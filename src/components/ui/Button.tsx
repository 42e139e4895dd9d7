import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './Spinner'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-[var(--primary)] text-[var(--primary-contrast)] hover:bg-[var(--primary-hover)]',
  secondary: 'border border-[var(--border)] bg-[var(--surface)] text-[var(--text)] hover:bg-[var(--surface-2)]',
  danger: 'bg-[var(--danger)] text-[var(--danger-contrast)] hover:bg-[var(--danger-hover)]',
  ghost: 'text-[var(--primary)] hover:underline',
}

const SIZES = {
  md: 'px-4 py-2 text-sm',
  /** Beside a search form's inputs (their height). */
  field: 'h-8 px-4 py-0 text-sm',
  /** A list's toolbar. */
  sm: 'h-7 px-3 py-0 text-xs',
  /** Inline in a line of text (copy, a tray's controls). */
  xs: 'h-6 px-2 py-0 text-xs',
} as const

/**
 * One style per role: primary (the one main action of a toolbar or dialog), secondary (the others),
 * danger (the destructive choice: in a confirmation, a menu, or a list toolbar's delete-checked), ghost (quiet: reset, clear, cancel-like).
 * `size="sm"` is the lists' toolbar size; no caller adds its own size or colour classes.
 */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: keyof typeof SIZES
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean
}

/**
 * The console's button. Defaults to type="button" so a stray button never submits a form. A busy button keeps the
 * focus (aria-disabled, its clicks ignored, not `disabled`, which would drop the focus to the page): a dialog opened
 * by it gives the focus back to it when it closes.
 */
export function Button({ variant = 'primary', size = 'md', busy, disabled, className = '', children, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) return void e.preventDefault()
        onClick?.(e)
      }}
      aria-busy={busy || undefined}
      data-variant={variant}
      className={`inline-flex items-center justify-center gap-2 rounded ${SIZES[size]} font-medium transition
        focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)]
        disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy && <Spinner size={14} />}
      {children}
    </button>
  )
}
