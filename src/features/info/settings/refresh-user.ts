import type { QueryClient } from '@tanstack/react-query'
import { userInfoQuery } from '@/api/user'
import { setUserInfo } from '@/stores/session'

/** After a change to the account's own row (name, mobile), the session shows the server's fresh copy. */
export async function refreshSessionUser(qc: QueryClient) {
  setUserInfo(await qc.fetchQuery({ ...userInfoQuery(), staleTime: 0 }))
}
