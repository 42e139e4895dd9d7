import { useQuery } from '@tanstack/react-query'
import { siteSettingsQuery } from '@/api/settings'
import { useI18nContext } from '@/i18n/i18n-react'

/** The site's record number (beian) and client name, when the platform has them (spec section 2). */
export function Footer() {
  const { LL } = useI18nContext()
  const site = useQuery(siteSettingsQuery()).data
  return (
    <footer className="flex shrink-0 flex-wrap justify-center gap-x-4 border-t border-[var(--border)] px-4 py-1.5 text-xs text-[var(--muted)]">
      <span>{LL.shell.footer({ year: new Date().getFullYear(), name: site?.client_name || LL.common.appName() })}</span>
      {site?.client_website_beian && <span data-testid="footer-beian">{LL.common.recordNumber({ beian: site.client_website_beian })}</span>}
    </footer>
  )
}
