import { queryOptions } from '@tanstack/react-query'
import {
  batchTrendSearchSchema, normalSmsIndexInfoSchema, replyCountSchema, smsIndexInfoSchema, trendSchema, trendSearchSchema,
} from '@/domain/lists/stats'
import { failureTrendSchema, failureTrendSearchSchema } from '@/domain/lists/failures'
import { api } from './http'
import { userKeys } from './keys'

/** Dashboard figures per product (spec section 3, Dashboard info); under `user` so log-out drops them. */
export const dashboardKeys = {
  all: () => [...userKeys.all, 'dashboard'] as const,
  info: (prodType: number) => [...dashboardKeys.all(), 'info', prodType] as const,
  replies: (prodType: number) => [...dashboardKeys.all(), 'replies', prodType] as const,
}

/** Ordinary SMS has its own call and shape (previous/current month); the others share getSmsIndexInfo. */
export const indexInfoQuery = (prodType: number) =>
  queryOptions({
    queryKey: dashboardKeys.info(prodType),
    queryFn: async () =>
      prodType === 0
        ? { kind: 'normal' as const, info: normalSmsIndexInfoSchema.parse(await api('/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 })) }
        : { kind: 'sms' as const, info: smsIndexInfoSchema.parse(await api('/dataGathering/getSmsIndexInfo', { prod_type: prodType })) },
    staleTime: 60_000,
  })

export const replyCountQuery = (prodType: number) =>
  queryOptions({
    queryKey: dashboardKeys.replies(prodType),
    queryFn: async () => replyCountSchema.parse(await api('/dataGathering/queryReplyCount', { prod_type: prodType })),
    staleTime: 60_000,
  })

/** The chart above a statistics list: the list's own search (filters and product), no paging. */
export const trendQuery = (search: Record<string, unknown>) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(), 'trend', search] as const,
    queryFn: async () => trendSchema.parse(await api('/dataGathering/trend', trendSearchSchema.parse(search))),
    staleTime: 60_000,
  })

/** The chart above the batch statistics: the batches of the list's own search, per day of their creation. */
export const batchTrendQuery = (search: Record<string, unknown>) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(), 'batch-trend', search] as const,
    queryFn: async () => trendSchema.parse(await api('/dataGathering/batchTrend', batchTrendSearchSchema.parse(search))),
    staleTime: 60_000,
  })

/** The failure rate per day above the failure analysis: its search, no paging. */
export const failureTrendQuery = (search: Record<string, unknown>) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(), 'failure-trend', search] as const,
    queryFn: async () => failureTrendSchema.parse(await api('/dataGathering/failureTrend', failureTrendSearchSchema.parse(search))),
    staleTime: 60_000,
  })
