import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

const ITEMS = 'button:not(:disabled)'
const KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
}

/**
 * A row of buttons that is one Tab stop (WAI-ARIA toolbar pattern): Tab enters at the button used last, the arrow
 * keys, Home and End move between the enabled buttons. The tab stops are set on the drawn buttons after each
 * render, so callers pass ordinary <Button>s (ones that appear, disappear or are disabled included).
 */
export function Toolbar({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const current = useRef(0)

  const items = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? [])]
  const mark = (list: HTMLButtonElement[], at: number) => list.forEach((b, i) => (b.tabIndex = i === at ? 0 : -1))

  useLayoutEffect(() => {
    const list = items()
    current.current = Math.min(current.current, Math.max(0, list.length - 1))
    mark(list, current.current)
  })

  const onKeyDown = (e: KeyboardEvent) => {
    const move = KEYS[e.key]
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLButtonElement)
    if (!move || at < 0 || e.altKey || e.ctrlKey || e.metaKey) return
    e.preventDefault()
    current.current = move(at, list.length)
    mark(list, current.current)
    list[current.current].focus()
  }
  const onFocus = () => {
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLButtonElement)
    if (at >= 0 && at !== current.current) {
      current.current = at
      mark(list, at)
    }
  }

  return (
    <div ref={ref} role="toolbar" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} onFocus={onFocus} className={className}>
      {children}
    </div>
  )
}
