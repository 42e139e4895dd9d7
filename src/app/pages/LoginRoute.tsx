import { getRouteApi, useRouter } from '@tanstack/react-router'
import { LoginPage } from '@/features/auth/LoginPage'
import { safeRedirect } from '../guards'

const route = getRouteApi('/login')

/** /login: after sign-in, go back where the user was sent from (the `redirect` search param), else home. */
export function LoginRoute() {
  const { redirect } = route.useSearch()
  const router = useRouter()
  return <LoginPage onSignedIn={() => void router.history.replace(safeRedirect(redirect))} />
}
