import { apiKeyRowSchema, apiKeySearchSchema, apiKeyState, API_KEY_LIST_PATH, API_KEY_SCOPES, API_KEY_STATUSES, type ApiKeyRow, type ApiKeyState } from '@/domain/api-keys'
import { formatDateTime } from '@/domain/date-time'
import { defineList, type ListContext, type Row, type Tone } from '@/grid'
import { scopeWord } from './scope-words'

/** An enterprise sees its sub-accounts' keys too, an administrator every account's: the account column says whose. */
const seesOthers = (ctx: ListContext) => ctx.authUser.userType !== 3
const isAdmin = (ctx: ListContext) => ctx.authUser.userType === 1
const key = (row: Row) => row as ApiKeyRow
const isKey = (row: Row) => key(row).kind === 'key'
const live = (row: Row) => isKey(row) && key(row).status === 'active'
const STATE_KEY: Record<ApiKeyState, string> = { active: 'apiKeyActive', rotating: 'apiKeyRotating', expired: 'apiKeyExpired', revoked: 'apiKeyRevoked' }
const TONES: Record<ApiKeyState, Tone> = { active: 'ok', rotating: 'warn', expired: 'muted', revoked: 'bad' }
/** Writes, loaded on use (api-keys.actions.tsx). */
const actions = () => import('./api-keys.actions')

/**
 * /info/api-keys: the keys of the signed API, each account's AppSecret first (every scope; shown and changed in the
 * settings) and then its keys. The secret is never in a row, only its last four characters.
 */
export const apiKeysList = defineList({
  id: 'info.api-keys',
  path: API_KEY_LIST_PATH,
  title: (LL) => LL.apiKeys.title(),
  endpoint: '/apiKey/list',
  searchSchema: apiKeySearchSchema,
  rowSchema: apiKeyRowSchema,
  searchFields: [
    { name: 'name', kind: 'text', label: (LL) => LL.apiKeys.columns.name() },
    {
      name: 'status', kind: 'select', label: (LL) => LL.apiKeys.columns.state(),
      options: API_KEY_STATUSES.map((s) => ({ value: s, label: (LL) => LL.status[STATE_KEY[s] as 'apiKeyActive']() })),
    },
    { name: 'cus_id', kind: 'account', label: (LL) => LL.lists.filters.account(), visibleWhen: isAdmin },
  ],
  columns: [
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: seesOthers },
    {
      field: 'name', header: (LL) => LL.apiKeys.columns.name(), sortable: true, width: 170,
      value: (row, LL) => (isKey(row) ? key(row).name : LL.apiKeys.appSecretName()),
    },
    {
      field: 'status', header: (LL) => LL.apiKeys.columns.state(), type: 'status', width: 110, priority: 1,
      status: (row) => {
        const state = apiKeyState(key(row))
        return { key: STATE_KEY[state], tone: TONES[state] }
      },
    },
    { field: 'key_id', header: (LL) => LL.apiKeys.columns.keyId(), width: 200, value: (row) => key(row).key_id || '—' },
    {
      field: 'scopes', header: (LL) => LL.apiKeys.columns.scopes(), type: 'content', width: 240,
      value: (row, LL) => {
        const scopes = key(row).scopes
        if (API_KEY_SCOPES.every((s) => scopes.includes(s))) return LL.apiKeys.allScopes()
        return scopes.map((s) => scopeWord(LL, s)).join(LL.apiKeys.scopeSeparator())
      },
    },
    {
      field: 'ranges', header: (LL) => LL.apiKeys.columns.ranges(), type: 'content', width: 180,
      value: (row, LL) => (key(row).ranges.length ? key(row).ranges.join(', ') : LL.apiKeys.anyAddress()),
    },
    {
      field: 'expires_at', header: (LL) => LL.apiKeys.columns.expires(), sortable: true, width: 170,
      value: (row, LL) => (key(row).expires_at ? formatDateTime(String(key(row).expires_at)) : LL.apiKeys.never()),
    },
    {
      field: 'last_used_at', header: (LL) => LL.apiKeys.columns.lastUsed(), sortable: true, width: 170,
      value: (row, LL) => (key(row).last_used_at ? formatDateTime(String(key(row).last_used_at)) : LL.apiKeys.neverUsed()),
    },
    // The AppSecret row has no hint when the account's secret is not made yet (it is made when first shown).
    { field: 'hint', header: (LL) => LL.apiKeys.columns.hint(), width: 90, priority: 3, value: (row) => (key(row).hint ? `…${key(row).hint}` : '—') },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170, priority: 3 },
  ],
  caption: (LL) => LL.apiKeys.appSecretHint(),
  toolbar: [{ id: 'create', label: (LL) => LL.apiKeys.create(), shortcut: 'alt+n', perform: async ({ LL }) => (await actions()).createKey(LL) }],
  rowActions: [
    {
      id: 'rotate', label: (LL) => LL.apiKeys.rotate.action(),
      // A rotation answers the new secret, so only the key's own account makes one (the server's rule).
      enabledWhen: (row, ctx) => live(row) && key(row).cus_id === ctx.authUser.cusId,
      perform: async (row, h) => (await actions()).rotateKey(row, h),
    },
    {
      id: 'revoke', label: (LL) => LL.apiKeys.revoke.action(), tone: 'danger', enabledWhen: live,
      confirm: (LL, row) => LL.apiKeys.revoke.confirm({ name: key(row).name, id: key(row).key_id }),
      perform: async (row) => (await actions()).revokeKey(row),
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => `${key(row).cus_id}:${key(row).key_id}`,
})
