import { queryOptions } from '@tanstack/react-query'
import { allowedAddressesInfoSchema, type AllowedAddresses } from '@/domain/allowed-addresses'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'

/** Allowed sign-in addresses (src/domain/allowed-addresses.ts): the list that holds for the account, and its write. */
export const allowedAddressesQuery = () =>
  queryOptions({ queryKey: ['user', 'allowed-addresses'] as const, queryFn: async () => allowedAddressesInfoSchema.parse(await api('/user/allowedAddresses/get')) })

export async function saveAllowedAddresses(p: AllowedAddresses): Promise<string> {
  const env = await apiEnvelope('/user/allowedAddresses/set', p, { silent: true })
  await queryClient.invalidateQueries({ queryKey: allowedAddressesQuery().queryKey })
  return env.msg
}
