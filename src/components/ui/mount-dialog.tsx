import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import TypesafeI18n from '@/i18n/i18n-react'
import { getLocale } from '@/stores/prefs'

/**
 * Renders a dialog outside the list's tree for a row action: declarations are data and their `perform` has no
 * place in the screen to render into. The dialog gets its own root (with the words of the current language) and
 * removes it when it calls `close`. Toasts and the theme are global, so they work from here unchanged.
 */
export function mountDialog(render: (close: () => void) => ReactNode): void {
  const host = document.createElement('div')
  document.body.appendChild(host)
  const root = createRoot(host)
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
  // Unmount after the current event so Radix can hand focus back to the opener first; when it could not (the dialog
  // was opened from the palette, with no trigger), the focus goes back where it was before the dialog.
  const close = () =>
    setTimeout(() => {
      root.unmount()
      host.remove()
      const lost = !document.activeElement || document.activeElement === document.body
      if (lost && opener?.isConnected) opener.focus()
    })
  root.render(<TypesafeI18n locale={getLocale()}>{render(close)}</TypesafeI18n>)
}
