import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { noticeKeys } from '@/api/alerts'
import { homeKeys } from '@/api/home'
import { getUserInfo } from '@/api/user'
import { userKeys } from '@/api/keys'
import { getUserInfo as sessionUserInfo, setUserInfo } from '@/stores/session'

/*
 * The balance shown beside a send, fetched fresh when the page opens (the session's copy may be an hour old).
 * Under the user prefix so log-out drops it. A failure is shown as the spec's "balance account query exception".
 */
export const balanceQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'send-balance'] as const,
    // Silent: the page shows the spec's own message in place of the client's general error toast.
    queryFn: async () => (await getUserInfo({ silent: true })).userInfo.authUser.balance,
    staleTime: 0,
    retry: false,
  })

/**
 * After a send: the balance the server reports (spec section 4 has it fall locally, without another query). The
 * send may have crossed the balance warning, so the bell asks for its count again, and the home's figures moved.
 */
export function lowerBalance(queryClient: QueryClient, balanceAfter: number) {
  queryClient.setQueryData(balanceQuery().queryKey, balanceAfter)
  void queryClient.invalidateQueries({ queryKey: noticeKeys.all })
  void queryClient.invalidateQueries({ queryKey: homeKeys.all })
  const info = sessionUserInfo()
  if (info) setUserInfo({ ...info, userInfo: { ...info.userInfo, authUser: { ...info.userInfo.authUser, balance: balanceAfter } } })
}
