import { queryOptions } from '@tanstack/react-query'
import { homeSummarySchema } from '@/domain/home'
import { api } from './http'
import { userKeys } from './keys'

/** The home page's one request; under `user` so log-out drops it. A send invalidates it (its figures moved). */
export const homeKeys = { all: [...userKeys.all, 'home'] as const }

export const homeSummaryQuery = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: async () => homeSummarySchema.parse(await api('/home/summary', {})),
    // Fresh on every visit: the figures are today's, and the answer is one cheap read of the rollups.
    staleTime: 0,
  })
