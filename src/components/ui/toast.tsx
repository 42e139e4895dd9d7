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

/**
 * A toast with an action is a result the user acts on next (after a send, the focus is on the result): it
 * stays longer and its button takes the focus; sonner gives the focus back where it was when the toast goes.
 */
function focusAction(id: string) {
  let tries = 0
  const look = () => {
    const toastEl = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((el) => el.dataset.testid === id)
    const button = toastEl?.querySelector<HTMLElement>('[data-button]')
    if (button) button.focus()
    else if (++tries < 20) requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

const RESULT_MS = 10_000

export const toast = {
  success: (message: string, action?: ToastAction) => {
    const id = `ok:${message}`
    sonner.success(message, action ? { id, action, duration: RESULT_MS, testId: id } : { id })
    if (action && typeof document !== 'undefined') focusAction(id)
  },
  /**
   * `detail`: lines under the message (the status, the request id a user can quote, what became of the money). With
   * several lines there is more to read: the toast stays as long as a result does.
   */
  error: (message: string, detail?: string | readonly string[]) => {
    const lines = typeof detail === 'string' ? [detail] : (detail ?? [])
    const description = lines.length ? <span data-testid="error-detail">{lines.map((l) => <span key={l} className="block">{l}</span>)}</span> : undefined
    sonner.error(message, { id: `err:${message}`, description, ...(lines.length > 1 ? { duration: RESULT_MS } : {}) })
  },
  info: (message: string) => sonner.info(message, { id: `info:${message}` }),
  warning: (message: string) => sonner.warning(message, { id: `warn:${message}` }),
}

/**
 * Bottom centre, over the footer's line: at the top they covered the tab strip and the breadcrumb; the lists' pager
 * and the download tray sit at the bottom right, the search panel and toolbars at the top.
 */
export function Toaster() {
  return <SonnerToaster position="bottom-center" richColors closeButton duration={4000} />
}
