/** The server's answer to a sign-in form, shown inline (sign-in calls never toast); `ok` shows it as good news. */
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
