import { useI18nContext } from '@/i18n/i18n-react'
import { usePathname } from '../layout/use-shell-menus'
import { embeddedUrl, frameAllowed } from './iframe-url'

/** /myiframe/{routerPath}: an external page inside the console, with a title bar (spec section 2). */
export function IframeScreen() {
  const { LL } = useI18nContext()
  const url = embeddedUrl(usePathname())
  const refusal = !url
    ? { id: 'iframe-invalid', text: LL.pages.iframe.invalid() }
    : !frameAllowed(url, window.location.origin, window.SMS_CONFIG?.frameOrigins)
      ? { id: 'iframe-refused', text: LL.pages.iframe.refused({ origin: new URL(url).origin }) }
      : null
  if (!url || refusal) {
    return (
      <p role="alert" data-testid={refusal?.id} className="mx-auto mt-16 max-w-md rounded border border-[var(--border)] bg-[var(--surface)] p-6 text-center">
        {refusal?.text}
      </p>
    )
  }
  return (
    <section className="flex h-full min-h-[60vh] flex-col overflow-hidden rounded border border-[var(--border)] bg-[var(--surface)]">
      <header className="flex items-center gap-3 border-b border-[var(--border)] px-3 py-2 text-sm">
        <h1 className="font-medium">{LL.pages.iframe.title()}</h1>
        <span className="min-w-0 flex-1 truncate text-[var(--muted)]">{url}</span>
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-[var(--primary)] hover:underline">
          {LL.pages.iframe.openNew()}
        </a>
      </header>
      <iframe
        title={url}
        src={url}
        className="min-h-0 w-full flex-1 border-0"
        // Enough for ordinary sites; no top navigation, so the page cannot replace the console.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
      />
    </section>
  )
}
