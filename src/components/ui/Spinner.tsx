/** A small rotating ring; `label` makes it announce itself to screen readers when it stands alone. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="inline-block animate-spin rounded-full border-2 border-current border-r-transparent"
      style={{ width: size, height: size }}
    />
  )
}

/** Centred spinner for a whole page or panel while it loads. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-[var(--primary)]">
      <Spinner size={32} label={label} />
    </div>
  )
}
