import { getRouteApi, useRouter } from '@tanstack/react-router'
import { LoginPage } from '@/features/auth/LoginPage'
import { safeRedirect } from '../guards'

const route = getRouteApi('/login')

/** /login: after sign-in, go back where the user was sent from (the `redirect` search param), else home. */
export function LoginRoute() {
  const { redirect } = route.useSearch()
  const router = useRouter()

  function onSignedIn() {
    // The target is an in-app href (path and search, no base path); navigate() re-adds the base path.
    const url = new URL(safeRedirect(redirect), 'http://app')
    void router.navigate({
      to: url.pathname as '/',
      search: router.options.parseSearch(url.search) as never,
      replace: true,
    })
  }

  return <LoginPage onSignedIn={onSignedIn} />
}
