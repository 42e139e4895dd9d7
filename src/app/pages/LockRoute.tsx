import { useNavigate } from '@tanstack/react-router'
import { LockPage } from '@/features/auth/LockPage'

/** /lock: unlocking returns to the console, signing out to /login. */
export function LockRoute() {
  const navigate = useNavigate()
  return (
    <LockPage
      onUnlocked={() => void navigate({ to: '/', replace: true })}
      onSignedOut={() => void navigate({ to: '/login', replace: true })}
    />
  )
}
