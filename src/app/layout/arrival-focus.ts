import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isRestoringSpot } from '@/grid'

/*
 * Where the focus goes when a screen opens: a screen opened from the palette starts on its first field,
 * else its grid, else the page itself, so the next keys act on the screen rather than on the document body.
 * Screens load lazily, so the target is looked for over a few frames. While the router is still on its way (the path
 * has changed, the screen being left is still drawn), nothing is looked for: a field of the screen being left must
 * not take the focus and with it the keys pressed next (Alt+2 right after Alt+1).
 */
let pending: { mode: 'first' | 'ifLost'; at: number } | null = null
// A request for the screen already open changes no path; it must not fire at some later, unrelated navigation.
const STALE_MS = 2000

/** 'first': focus the new screen's first field; 'ifLost': only when nothing else took the focus (a tab switch). */
export function requestArrivalFocus(mode: 'first' | 'ifLost' = 'first') {
  pending = { mode, at: Date.now() }
}

const CONTROL = 'input:not([type="hidden"]):not([tabindex="-1"]):not([disabled]), select:not([disabled]), textarea:not([disabled])'
const MAX_FRAMES = 300

/** The screen's first control, else its grid's first header cell; null while the screen is still loading. */
export function arrivalTarget(main: HTMLElement): HTMLElement | null {
  if (main.querySelector('[role="status"][aria-busy="true"], [data-page-loading]')) return null
  const control = [...main.querySelectorAll<HTMLElement>(CONTROL)].find((el) => el.offsetParent !== null)
  return control ?? main.querySelector<HTMLElement>('.ag-header-cell')
}

export function useArrivalFocus(path: string) {
  const router = useRouter()
  useEffect(() => {
    const request = pending
    pending = null
    if (!request || Date.now() - request.at > STALE_MS) return
    const mode = request.mode
    let frames = 0
    let waited = 0
    let handle = 0
    const look = () => {
      const main = document.getElementById('main')
      if (!main) return
      if (router.state.status === 'pending') {
        if (++waited < MAX_FRAMES) handle = requestAnimationFrame(look)
        return
      }
      const lost = !document.activeElement || document.activeElement === document.body
      if (mode === 'ifLost' && !lost && frames > 10) return
      // A tab switched back to puts the focus on its saved cell itself.
      if (mode === 'ifLost' && isRestoringSpot()) {
        if (++frames < MAX_FRAMES) handle = requestAnimationFrame(look)
        return
      }
      const target = arrivalTarget(main)
      if (target && (mode === 'first' || lost)) {
        target.focus()
        return
      }
      if (++frames < MAX_FRAMES) handle = requestAnimationFrame(look)
      else if (lost) main.focus()
    }
    handle = requestAnimationFrame(look)
    return () => cancelAnimationFrame(handle)
  }, [path, router])
}
