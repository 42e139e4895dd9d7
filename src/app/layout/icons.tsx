/*
 * The shell's few line icons, inline so the top bar needs no icon font or extra request.
 * Paths are drawn on a 24-unit grid with round 2-unit strokes.
 */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  color: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.4-4-8.5-9-8.5z',
  bug: 'M8 8h8v8a4 4 0 0 1-8 0zM9 4l2 3M15 4l-2 3M4 12h4M16 12h4M5 18l3-2M19 18l-3-2',
  lock: 'M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3',
  theme: 'M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  shrink: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  chevron: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, size = 18, className = '' }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      aria-hidden
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      <path d={PATHS[name]} />
    </svg>
  )
}

export const toolButtonClass =
  'relative inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded px-2 text-[var(--topbar-text)] ' +
  'hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-[var(--topbar-accent,var(--primary))] data-[state=open]:bg-black/10'

export const menuPanelClass =
  'z-50 min-w-44 rounded-md border border-[var(--border)] bg-[var(--surface)] p-1 text-sm text-[var(--text)] shadow-lg'

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 outline-none select-none ' +
  'data-[highlighted]:bg-[var(--surface-2)] data-[disabled]:opacity-50'
