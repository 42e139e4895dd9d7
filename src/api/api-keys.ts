import { apiKeySecretSchema, type ApiKeyCreate, type ApiKeyRef, type ApiKeyRotate, type ApiKeySecret } from '@/domain/api-keys'
import { listKeys } from '@/grid/keys'
import { apiEnvelope } from './http'
import { queryClient } from './query-client'

/*
 * API keys (src/domain/api-keys.ts). A create or a rotation answers the secret, the only time it travels: the caller
 * shows it once and keeps it nowhere. Writes reject with ApiError without a toast (a form marks `data.fields`, a
 * list action toasts the message) and refetch the key list by its prefix.
 */

export const API_KEY_LIST_ID = 'info.api-keys'

async function write<T>(path: string, body: unknown, parse: (d: unknown) => T): Promise<{ msg: string; data: T }> {
  try {
    const env = await apiEnvelope<unknown>(path, body, { silent: true })
    return { msg: env.msg, data: parse(env.data) }
  } finally {
    void queryClient.invalidateQueries({ queryKey: listKeys.list(API_KEY_LIST_ID) })
  }
}

const secret = (d: unknown): ApiKeySecret => apiKeySecretSchema.parse(d)

export const createApiKey = (p: ApiKeyCreate) => write('/apiKey/create', p, secret)
export const rotateApiKey = (p: ApiKeyRotate) => write('/apiKey/rotate', p, secret)
export const revokeApiKey = (p: ApiKeyRef) => write('/apiKey/revoke', p, () => undefined)
