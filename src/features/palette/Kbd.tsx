import { formatShortcut, isMacPlatform } from '@/commands/shortcuts'

const kbdClass =
  'inline-flex min-w-5 shrink-0 items-center justify-center rounded border border-[var(--border)] bg-[var(--surface)] px-1.5 font-sans text-[11px] leading-5 text-[var(--muted)]'

export function Kbd({ children }: { children: React.ReactNode }) {
  return <kbd className={kbdClass}>{children}</kbd>
}

/** A shortcut in notation (`mod+k`) as this platform writes it: Ctrl+K, or ⌘K on macOS. */
export function ShortcutKbd({ shortcut }: { shortcut: string }) {
  return <Kbd>{formatShortcut(shortcut, isMacPlatform())}</Kbd>
}
