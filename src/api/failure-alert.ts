import { queryOptions } from '@tanstack/react-query'
import { failureAlertSchema, type FailureAlert } from '@/domain/failure-alert'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'

/* The enterprise's failure alert (src/domain/failure-alert.ts): read, and saved by the enterprise; the server's words toast. */

export const failureAlertKeys = { setting: ['user', 'failure-alert'] as const }

export const failureAlertQuery = () =>
  queryOptions({
    queryKey: failureAlertKeys.setting,
    queryFn: async () => failureAlertSchema.parse(await api('/failureAlert/get')),
    staleTime: 60_000,
  })

export async function saveFailureAlert(p: FailureAlert): Promise<string> {
  const env = await apiEnvelope('/failureAlert/set', p, { silent: true })
  await queryClient.invalidateQueries({ queryKey: failureAlertKeys.setting })
  return env.msg
}
