import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { LockPage } from '@/features/auth/LockPage'
import { takeReturn, useLocked } from '@/stores/lock'
import { safeRedirect } from '../guards'

/**
 * /lock: unlocking (here or in another tab of the console) returns to the page this tab showed when the lock came,
 * with its search; signing out goes to /login.
 */
export function LockRoute() {
  const router = useRouter()
  const locked = useLocked()
  const left = useRef(false)

  // Unlocking here also clears the shared flag, so the effect and the form both call this: leave once.
  const back = () => {
    if (left.current) return
    left.current = true
    const url = new URL(safeRedirect(takeReturn()), 'http://app')
    void router.navigate({ to: url.pathname as '/', search: router.options.parseSearch(url.search) as never, replace: true })
  }

  useEffect(() => {
    if (!locked) back()
    // back() reads the router only; the effect follows the lock flag that another tab may clear.
  }, [locked])

  return <LockPage onUnlocked={back} onSignedOut={() => void router.navigate({ to: '/login', replace: true })} />
}
