import { Toaster as SonnerToaster, toast as sonner } from 'sonner'

/**
 * The one toast API. Features and the HTTP client call `toast.*`; only this file knows sonner.
 * Identical messages share an id so a burst of failing parallel calls shows one toast, not five.
 */
/** A button in the toast (e.g. "view the sent records"). */
export interface ToastAction {
  label: string
  onClick: () => void
}

export const toast = {
  success: (message: string, action?: ToastAction) => sonner.success(message, { id: `ok:${message}`, action }),
  error: (message: string) => sonner.error(message, { id: `err:${message}` }),
  info: (message: string) => sonner.info(message, { id: `info:${message}` }),
  warning: (message: string) => sonner.warning(message, { id: `warn:${message}` }),
}

export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton duration={4000} />
}
