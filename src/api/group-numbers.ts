import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { memberGroupSchema } from '@/domain/group-numbers'
import { asEnvelope } from './errors'
import { api, apiUrl, fail, requestIdOf, send } from './http'

/** Address-book groups as a number source of the send pages (src/domain/group-numbers.ts). */

export const groupNumberKeys = {
  all: ['user', 'group-numbers'] as const,
  groups: (cusId: string) => [...groupNumberKeys.all, cusId] as const,
}

/** Groups with members; `cusId` narrows to one account's (administrator, enterprise), '' the caller's scope. */
export const memberGroupsQuery = (cusId: string) =>
  queryOptions({
    queryKey: groupNumberKeys.groups(cusId),
    queryFn: async () => z.array(memberGroupSchema).parse(await api('/addressBook/hasMemberGroupList', { cus_id: cusId || undefined })),
    staleTime: 30_000,
  })

/** The groups' members' mobiles as the server's text bytes (one a line), for the number worker as they are. */
export async function groupMobiles(groupIds: number[]): Promise<Uint8Array> {
  const res = await send(apiUrl('/addressBook/groupMobileDetail'), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ group_ids: groupIds }),
  }, { long: true })
  if (res.status !== 200) fail(res.status, asEnvelope(await res.json().catch(() => null)), {}, requestIdOf(res))
  return new Uint8Array(await res.arrayBuffer())
}
