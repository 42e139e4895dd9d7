import { queryOptions } from '@tanstack/react-query'
import { appSecretReplySchema, type AppSecretReply } from '@/domain/app-secret'
import { noticePageSchema, noticeUnreadSchema, type NoticePage, type NoticeReadPayload } from '@/domain/notice'
import { balanceWarnInfoSchema, type BalanceWarn, type BalanceWarnInfo } from '@/domain/warn'
import { api, apiEnvelope } from './http'
import { userKeys } from './keys'
import { sealedPassword } from './sealed'

/* The bell's notices, the balance warning and the app secret; all under `user`, so log-out drops them. */

export const noticeKeys = {
  all: [...userKeys.all, 'notices'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  list: (pageSize: number) => [...noticeKeys.all, 'list', pageSize] as const,
}
export const warnKeys = { all: [...userKeys.all, 'balance-warn'] as const }


/** How often the bell asks for its count: notices come from sends and reviews, neither needs to the second. */
export const NOTICE_POLL_MS = 30_000

export const unreadNoticesQuery = () =>
  queryOptions({
    queryKey: noticeKeys.unread(),
    queryFn: async () => noticeUnreadSchema.parse(await api('/notice/unreadCount', {}, { silent: true })).unread,
    refetchInterval: NOTICE_POLL_MS,
    refetchIntervalInBackground: false,
  })

export const noticeListQuery = (pageSize = 20) =>
  queryOptions({
    queryKey: noticeKeys.list(pageSize),
    queryFn: async (): Promise<NoticePage> => noticePageSchema.parse(await api('/notice/list', { pageSize, unreadFirst: true })),
  })

/** Whether the bell's polled unread count says a notice arrived since the last answer (the first answer is no news). */
export const noticeArrived = (prev: number | undefined, next: number | undefined) =>
  prev !== undefined && next !== undefined && next > prev

export const markNoticesRead = (p: NoticeReadPayload) => api('/notice/read', p)

export const balanceWarnQuery = () =>
  queryOptions({
    queryKey: warnKeys.all,
    queryFn: async (): Promise<BalanceWarnInfo> => balanceWarnInfoSchema.parse(await api('/warn/getCusBneWarnInfo')),
  })

/** Saves the warning; the server's words for the toast. 400s come back to the form (silent). */
export const saveBalanceWarn = async (p: BalanceWarn) => (await apiEnvelope<BalanceWarn>('/warn/modifyCusBneWarn', p, { silent: true })).msg

export const maskedAppSecret = async (): Promise<AppSecretReply> => appSecretReplySchema.parse(await api('/user/getAppsecret'))

/** The whole secret: the password typed again, sealed with a fresh one-time nonce. A wrong one is a silent 400. */
export const revealAppSecret = async (password: string): Promise<AppSecretReply> =>
  appSecretReplySchema.parse(await api('/user/getAppsecret', await sealedPassword(password), { silent: true }))

export const rotateAppSecret = async (password: string): Promise<{ reply: AppSecretReply; msg: string }> => {
  const env = await apiEnvelope<AppSecretReply>('/user/rotateAppsecret', await sealedPassword(password), { silent: true })
  return { reply: appSecretReplySchema.parse(env.data), msg: env.msg }
}

export const appSecretQuery = () => queryOptions({ queryKey: [...userKeys.all, 'app-secret'] as const, queryFn: maskedAppSecret })
