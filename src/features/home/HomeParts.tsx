import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { HomeLink } from './home-links'

/** The home page's panel: a titled section in the house's card look. */
export function Card({ title, id, className = '', testId, children }: { title?: ReactNode; id?: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={title && id ? id : undefined} data-testid={testId}
      className={`rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 ${className}`}>
      {title && <h2 id={id} className="mb-3 font-semibold">{title}</h2>}
      {children}
    </section>
  )
}

export const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="h-fit shrink-0 rounded border border-[var(--border)] bg-[var(--surface-2)] px-1.5 text-xs">{children}</kbd>
)

/**
 * A link into a screen, drawn only when its module is granted (`granted`); else its text alone. Menu paths are
 * server data the typed route tree cannot know; the router's splat route resolves them.
 */
export function HomeLinkTo({ link, granted, className = '', testId, children, ...aria }: {
  link: HomeLink | null; granted: ReadonlySet<string>; className?: string; testId?: string; children: ReactNode; 'aria-label'?: string
}) {
  if (!link || !granted.has(link.module)) return <span className={className}>{children}</span>
  return (
    <Link to={link.to as never} search={link.search as never} data-testid={testId} {...aria}
      className={`text-[var(--primary)] underline-offset-2 hover:underline focus-visible:underline ${className}`}>
      {children}
    </Link>
  )
}
