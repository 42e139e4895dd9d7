import { z } from 'zod'
import { allowedAddressesSchema } from './allowed-addresses'
import { safeText } from './input'
import { listQuerySchema, searchEnum, searchText } from './lists/query'
import type { OPEN_API_PATHS } from './signed-api'

/*
 * Scoped API keys: several per account, each with a name, the scopes it may call, the client address ranges it may
 * call from (none: any), an expiry and its last use. The secret is shown once, when the key is made or rotated; the
 * server keeps it sealed (AES-256-GCM under a server key) and never answers it again. A call names its key in
 * API_KEY_HEADER and signs with the key's secret exactly as with the app secret (signed-api.ts); a call without the
 * header is signed with the account's app secret, the account's first key, which has every scope.
 */

/** The scope catalogue: what a key may be allowed to do. The console's labels: LL.apiKeys.scopes (features/api-keys/scope-words.ts); the server's: API_KEY_SCOPE_WORDS. */
export const API_KEY_SCOPES = ['send', 'records.read', 'contacts.write', 'templates.write'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** The scope each call of the signed API needs; a call added to OPEN_API_PATHS without one fails to compile. */
export const OPEN_API_SCOPE: Record<keyof typeof OPEN_API_PATHS, ApiKeyScope> = {
  send: 'send',
  p2p: 'send',
  batch: 'records.read',
  balance: 'records.read',
  optOut: 'contacts.write',
}

/** The scope words the server's refusals name (the console's are in the i18n dictionaries, LL.apiKeys.scopes, and say the same). */
export const API_KEY_SCOPE_WORDS: Record<ApiKeyScope, { 'zh-CN': string; en: string }> = {
  send: { 'zh-CN': '发送短信', en: 'send messages' },
  'records.read': { 'zh-CN': '查询记录与统计', en: 'read records and statistics' },
  'contacts.write': { 'zh-CN': '修改联系人与退订名单', en: 'change contacts and the opt-out list' },
  'templates.write': { 'zh-CN': '修改模板', en: 'change templates' },
}

/** The header naming the key a call is signed with: `ak_` and 20 hex digits. */
export const API_KEY_HEADER = 'X-Sms-Key'
export const API_KEY_ID_PATTERN = /^ak_[0-9a-f]{20}$/
export const API_KEY_NAME_MAX = 40
/** Keys an account may hold, revoked ones not counted. */
export const API_KEYS_MAX = 20
/** The expiry choices, in days from creation; 0: never. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 180, 365, 0] as const
/** Rotation overlap when the server's configuration names none (API_KEY_ROTATION_OVERLAP_HOURS). */
export const API_KEY_OVERLAP_HOURS_DEFAULT = 24
/** Last use is written at most this often per key, so a busy key costs no write per call. */
export const API_KEY_LAST_USE_SECONDS = 60

/** POST /apiKey/create. */
export const apiKeyCreateSchema = z.object({
  name: safeText().trim().min(1, 'required').max(API_KEY_NAME_MAX, 'tooLong'),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'scopesRequired').refine((l) => new Set(l).size === l.length, 'scopesRepeated'),
  ranges: allowedAddressesSchema.shape.ranges,
  expires_days: z.number().int().refine((d) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(d), 'expiryInvalid'),
})
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>

/** POST /apiKey/revoke. */
export const apiKeyRefSchema = z.object({ key_id: z.string().regex(API_KEY_ID_PATTERN) })
export type ApiKeyRef = z.infer<typeof apiKeyRefSchema>

/** The overlap a rotation may ask for, in hours (0: the previous secret stops at once), the limits of API_KEY_ROTATION_OVERLAP_HOURS. */
export const API_KEY_OVERLAP_CHOICES = [0, 1, 24, 72, 168] as const
export const API_KEY_OVERLAP_HOURS_MAX = 720
/** POST /apiKey/rotate: without `overlap_hours`, the server's configured overlap. */
export const apiKeyRotateSchema = apiKeyRefSchema.extend({
  overlap_hours: z.number().int().min(0).max(API_KEY_OVERLAP_HOURS_MAX).optional(),
})
export type ApiKeyRotate = z.infer<typeof apiKeyRotateSchema>

/** The answer of a create or a rotation: the only time the secret travels. */
export const apiKeySecretSchema = z.object({
  key_id: z.string(),
  name: z.string(),
  secret: z.string(),
  /** Of a rotation: until when the previous secret still verifies. */
  previous_until: z.string().nullable(),
})
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number]
/** The console's menu path of the keys (the account centre, beside the settings that hold the app secret). */
export const API_KEY_LIST_PATH = '/info/api-keys'

/** POST /apiKey/list: the caller's keys (an enterprise's own and its sub-accounts', an administrator's all). */
export const apiKeySearchSchema = listQuerySchema.extend({
  name: searchText(API_KEY_NAME_MAX),
  status: searchEnum(API_KEY_STATUSES),
  cus_id: searchText(64),
})
export type ApiKeySearch = z.infer<typeof apiKeySearchSchema>
export const API_KEY_SORTABLE = ['create_time', 'last_used_at', 'expires_at', 'name'] as const

export const apiKeyRowSchema = z.object({
  /** The app secret's row has the key id '' (its calls name no key). */
  key_id: z.string(),
  kind: z.enum(['app', 'key']),
  cus_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  ranges: z.array(z.string()),
  /** The secret's last four characters, to tell two apart. */
  hint: z.string(),
  status: z.enum(API_KEY_STATUSES),
  create_time: z.string().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** The previous secret of a rotation verifies until then. */
  previous_until: z.string().nullable(),
})
export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>

/**
 * What the list says of a key: its status, or 'rotating' while an active key's previous secret still verifies (the
 * server answers previous_until only then). Label keys: LL.status.apiKey<State>.
 */
export type ApiKeyState = ApiKeyStatus | 'rotating'
export const apiKeyState = (row: Pick<ApiKeyRow, 'status' | 'previous_until'>): ApiKeyState =>
  row.status === 'active' && row.previous_until ? 'rotating' : row.status

/** The server's words of the keys (spread into SERVER_MESSAGES). */
export const API_KEY_MESSAGES = {
  apiKeyScopeMissing: {
    'zh-CN': '此 API 密钥没有“{label}”权限（{scope}）：请在 API 密钥中为它加上该权限，或用有此权限的密钥签名',
    en: 'This API key lacks the scope {scope} ({label}): add it to the key, or sign with a key that has it',
  },
  apiKeyAddressNotAllowed: {
    'zh-CN': '此 API 密钥不允许从 {address} 调用，请在它允许的地址内调用或修改密钥',
    en: 'This API key may not be used from {address}; call from one of its allowed addresses',
  },
  apiKeyExpired: { 'zh-CN': 'API 密钥 {key} 已于 {time} 过期', en: 'The API key {key} expired at {time}' },
  apiKeyRevoked: { 'zh-CN': 'API 密钥 {key} 已撤销', en: 'The API key {key} has been revoked' },
  apiKeyCreated: { 'zh-CN': '已创建 API 密钥“{name}”', en: 'API key “{name}” created' },
  apiKeyRevokedOk: { 'zh-CN': '已撤销 API 密钥“{name}”，用它签名的调用将被拒绝', en: 'API key “{name}” revoked; calls signed with it are refused' },
  apiKeyRotated: {
    'zh-CN': '已轮换 API 密钥“{name}”，旧密钥在 {until} 前仍可使用',
    en: 'API key “{name}” rotated; the previous secret still works until {until}',
  },
  apiKeyNotFound: { 'zh-CN': 'API 密钥不存在或不属于本账号', en: 'The API key does not exist or is not this account’s' },
  apiKeyNotActive: { 'zh-CN': 'API 密钥“{name}”已撤销或已过期，不能再轮换或撤销', en: 'API key “{name}” is revoked or expired; it cannot be rotated or revoked' },
  apiKeysTooMany: { 'zh-CN': '每个账号最多 {max} 个未撤销的 API 密钥，请先撤销不用的密钥', en: 'An account holds at most {max} API keys not revoked; revoke one you no longer use' },
} as const
