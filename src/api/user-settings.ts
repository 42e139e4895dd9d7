import { queryOptions } from '@tanstack/react-query'
import {
  certificationInfoSchema, type CertificationPayload, type ModifyCusNamePayload, type ModifyMobilePayload, type SendBindCodePayload,
} from '@/domain/user-settings'
import { apiEnvelope } from './http'
import { userKeys } from './keys'
import { sealedPassword } from './sealed'

// Silent: the settings forms show a refusal under its field (data.fields) or under the form, not as a toast.
const quiet = { silent: true } as const
const message = async (path: string, body: unknown) => (await apiEnvelope(path, body, quiet)).msg

/** Both passwords sealed, each with a fresh one-time nonce; resolves to the server's "password changed" message. */
export async function modifyPassword(oldPlain: string, newPlain: string): Promise<string> {
  const [o, n] = [await sealedPassword(oldPlain), await sealedPassword(newPlain)]
  return message('/user/modifyPassword', { oldPassword: o.password, oldRedomStr: o.redomStr, newPassword: n.password, newRedomStr: n.redomStr })
}

export const sendBindCode = (p: SendBindCodePayload) => message('/user/sendBindCode', p)
export const modifyMobile = (p: ModifyMobilePayload) => message('/user/modifyMobile', p)
export const modifyCusName = (p: ModifyCusNamePayload) => message('/user/modifyCusName', p)
export const certify = (p: CertificationPayload) => message('/user/certification', p)

export const certificationQuery = () =>
  queryOptions({
    queryKey: userKeys.certification(),
    queryFn: async () => certificationInfoSchema.parse((await apiEnvelope('/user/certificationInfo', {}, quiet)).data),
    staleTime: 60_000,
  })
