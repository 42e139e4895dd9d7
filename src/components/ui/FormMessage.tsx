/**
 * A form's own message, under its fields and above its button: a refusal that names no field (role alert), or good
 * news such as "code sent" (`ok`, role status).
 */
export function FormMessage({ text, ok }: { text: string | null; ok?: boolean }) {
  if (!text) return null
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="form-message"
      className={`rounded px-3 py-2 text-sm ${ok ? 'bg-[var(--success)]/10 text-[var(--success)]' : 'bg-[var(--danger)]/10 text-[var(--danger)]'}`}
    >
      {text}
    </p>
  )
}
