import { logout } from '@/api/user'
import { confirm } from '@/components/ui/confirm'
import { toast } from '@/components/ui/toast'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { logoutLocal } from '@/stores/session'
import { openShellDialog } from './shell-ui'

/*
 * Actions the top bar and the command registry share, so a shortcut and a click behave the same.
 * They take the navigation function because stores and commands live outside the router's React tree.
 */
export type Go = (path: string) => void

/** Spec: log-out asks first, then clears session data and goes to /login. */
export async function confirmLogout(LL: TranslationFunctions, go: Go) {
  if (!(await confirm({ message: LL.shell.logoutConfirm(), confirmLabel: LL.common.logout() }))) return
  try {
    await logout()
  } catch {
    // The server revoking the token is a courtesy; the local log-out below is what protects the user.
  }
  logoutLocal()
  go('/login')
}

export function isFullscreen(): boolean {
  return typeof document !== 'undefined' && !!document.fullscreenElement
}

export function toggleFullscreen() {
  const p = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen()
  // Browsers refuse full screen outside a user gesture or inside some frames; there is nothing to recover.
  p?.catch(() => undefined)
}

let capturing = false
let shot: string | null = null

/** The last screenshot the feedback dialog shows; null when capture failed. */
export const getFeedbackShot = () => shot

/**
 * Captures the page before the dialog opens, so the dialog is not in its own screenshot.
 * html-to-image is loaded on demand: it is only needed here.
 */
export async function openFeedback(LL: TranslationFunctions) {
  if (capturing) return
  capturing = true
  toast.info(LL.shell.feedbackCapturing())
  try {
    const { toPng } = await import('html-to-image')
    shot = await toPng(document.body, { cacheBust: true, pixelRatio: 1, filter: (n) => !isToaster(n) })
  } catch {
    shot = null
  } finally {
    capturing = false
  }
  openShellDialog('feedback')
}

const isToaster = (n: HTMLElement) => n instanceof Element && n.hasAttribute('data-sonner-toaster')
