import { queryOptions } from '@tanstack/react-query'
import { marketingRuleInfoSchema, type MarketingRuleInput } from '@/domain/marketing'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'

/*
 * Marketing hours and the daily cap (src/domain/marketing.ts): the rule in force for the signed-in account's
 * enterprise, read by the send pages' hint and confirmation, and its two writes (an enterprise's own, an
 * administrator's platform default). The success words come from the server; callers toast them.
 */

export const marketingKeys = { rule: ['user', 'marketing', 'rule'] as const }

export const marketingRuleQuery = () =>
  queryOptions({
    queryKey: marketingKeys.rule,
    queryFn: async () => marketingRuleInfoSchema.parse(await api('/marketing/getRule')),
    staleTime: 60_000,
  })

/** An enterprise's own rule (`platform` false) or the platform's default (an administrator's, `platform` true). */
export async function saveMarketingRule(p: MarketingRuleInput, platform: boolean): Promise<string> {
  const env = await apiEnvelope(platform ? '/marketing/setDefault' : '/marketing/setRule', p, { silent: true })
  await queryClient.invalidateQueries({ queryKey: marketingKeys.rule })
  return env.msg
}
