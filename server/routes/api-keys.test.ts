import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER, type ApiKeyScope } from '../../src/domain/api-keys'
import { serverMessage } from '../../src/domain/messages'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import { appSecretOf } from '../users/app-secret'
import { setup, type Harness } from '../test/harness'
import { signatureHeaders, type SignOptions, type Signer } from '../test/signed-kit'

type Reply = { status: number; code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any

describe('routes/api-keys', () => {
  let h: Harness
  let t: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { trustProxy: true, apiKeyOverlapHours: 24 } })
    t = await h.tokensFor('admin', 'acme', 'acme01', 'acme02', 'globex')
  })
  afterAll(() => h.close())

  const FROM = '198.51.100.7'
  /** A signed call as a customer's system makes it, naming `keyId` (none: the app secret), from FROM unless told. */
  async function signed(path: string, body: unknown, s: Signer & { keyId?: string }, o: SignOptions & { lang?: string; from?: string } = {}): Promise<Reply> {
    const text = JSON.stringify(body)
    const res = await h.app.request(`/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', 'accept-language': o.lang ?? 'en', 'x-forwarded-for': o.from ?? FROM,
        ...signatureHeaders(s, path, text, o), ...(s.keyId ? { [API_KEY_HEADER]: s.keyId } : {}),
      },
      body: text,
    })
    return { status: res.status, ...((await res.json()) as Omit<Reply, 'status'>) }
  }
  type Entry = { action: string; cus_id: string; enterprise_id: string | null; actor_id: string; target_type: string; target_id: string; changes: unknown[] }
  const entriesOf = async (keyIds: string[]) => (await h.db.query<Entry>(
    `select action, cus_id, enterprise_id, actor_id, target_type, target_id, changes from audit_entry where target_id = any($1) order by id`, [keyIds])).rows
  const balance = (s: Signer & { keyId?: string }, o?: Parameters<typeof signed>[3]) => signed(OPEN_API_PATHS.balance, {}, s, o)

  async function create(who: string, body: { name?: string; scopes?: ApiKeyScope[]; ranges?: string[]; expires_days?: number } = {}) {
    const res = await h.call('/apiKey/create', { name: 'ERP', scopes: ['records.read'], ranges: [], expires_days: 0, ...body }, { token: t[who], lang: 'en' })
    expect(res.status, res.msg).toBe(200)
    return { account: who, keyId: res.data.key_id as string, secret: res.data.secret as string }
  }
  const list = async (who: string, body: Record<string, unknown> = {}) => {
    const res = await h.call('/apiKey/list', { pageSize: 200, ...body }, { token: t[who] })
    expect(res.status, res.msg).toBe(200)
    return res.data.records as Record<string, unknown>[]
  }

  it('shows the secret once: the create answers it, no list or stored column holds it, and it signs the calls of its scopes', async () => {
    const key = await create('acme', { name: 'Billing', scopes: ['records.read', 'send'] })
    expect(key.keyId).toMatch(/^ak_[0-9a-f]{20}$/)
    expect(key.secret).toMatch(/^[0-9a-f]{64}$/)
    const listed = await h.call('/apiKey/list', { pageSize: 200 }, { token: t.acme })
    expect(JSON.stringify(listed)).not.toContain(key.secret)
    expect(listed.data.records.find((r: { key_id: string }) => r.key_id === key.keyId))
      .toMatchObject({ name: 'Billing', kind: 'key', cus_id: 'acme', scopes: ['records.read', 'send'], status: 'active', hint: key.secret.slice(-4), last_used_at: null })
    const stored = (await h.db.query('select * from api_key where key_id = $1', [key.keyId])).rows[0]
    expect(JSON.stringify(stored)).not.toContain(key.secret)
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(0, 16))

    expect(await balance(key)).toMatchObject({ status: 200, data: { cus_id: 'acme' } })
  })

  it('refuses a call outside the key\'s scopes with 403 naming the missing scope, before the nonce is spent', async () => {
    const key = await create('acme', { scopes: ['records.read'] })
    const nonce = 'scope-nonce-0001'
    const body = { idempotency_key: crypto.randomUUID(), content: '【艾克米】Hi', mobiles: ['13900000001'] }
    const en = await signed(OPEN_API_PATHS.send, body, key, { nonce })
    expect(en).toMatchObject({ status: 403, data: { missing_scope: 'send' }, msg: serverMessage('apiKeyScopeMissing', 'en', { scope: 'send', label: 'send messages' }) })
    expect(en.msg).toContain('send')
    const zh = await signed(OPEN_API_PATHS.optOut, { mobiles: ['13900000001'] }, key, { lang: 'zh-CN' })
    expect(zh).toMatchObject({ status: 403, data: { missing_scope: 'contacts.write' } })
    expect(zh.msg).toContain('contacts.write')
    expect(zh.msg).toContain('修改联系人与退订名单')
    // The refused call spent no nonce: the same nonce signed with the app secret (every scope) goes through.
    const app = { account: 'acme', secret: await appSecretOf(h.db, 'acme') }
    expect(await signed(OPEN_API_PATHS.balance, {}, app, { nonce })).toMatchObject({ status: 200 })
  })

  it('keeps calls signed the specification\'s way (no key header, the app secret) working for every scope', async () => {
    const app = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
    expect(await balance(app)).toMatchObject({ status: 200, data: { cus_id: 'acme02' } })
    expect(await signed(OPEN_API_PATHS.optOut, { mobiles: ['13900000002'] }, app)).toMatchObject({ status: 200 })
    const row = (await list('acme02')).find((r) => r.kind === 'app')
    expect(row).toMatchObject({ key_id: '', cus_id: 'acme02', scopes: ['send', 'records.read', 'contacts.write', 'templates.write'], status: 'active' })
    expect(row?.last_used_at).not.toBeNull()
  })

  it('writes the last use at most once a minute', async () => {
    const key = await create('acme')
    expect(await balance(key)).toMatchObject({ status: 200 })
    const first = (await h.db.query<{ at: Date }>('select last_used_at as at from api_key where key_id = $1', [key.keyId])).rows[0].at
    expect(first).not.toBeNull()
    expect(await balance(key)).toMatchObject({ status: 200 })
    const again = (await h.db.query<{ at: Date }>('select last_used_at as at from api_key where key_id = $1', [key.keyId])).rows[0].at
    expect(again).toEqual(first)
    await h.db.query(`update api_key set last_used_at = now() - interval '2 minutes' where key_id = $1`, [key.keyId])
    expect(await balance(key)).toMatchObject({ status: 200 })
    const later = (await h.db.query<{ fresh: boolean }>(`select last_used_at > now() - interval '1 minute' as fresh from api_key where key_id = $1`, [key.keyId])).rows[0]
    expect(later.fresh).toBe(true)
  })

  it('lets a key with address ranges sign only from inside them, whatever the account allows', async () => {
    const key = await create('acme', { ranges: ['203.0.113.0/24', '2001:db8::/32'] })
    expect(await balance(key, { from: '203.0.113.9' })).toMatchObject({ status: 200 })
    expect(await balance(key, { from: '2001:db8::5' })).toMatchObject({ status: 200 })
    expect(await balance(key, { from: '203.0.114.9' })).toMatchObject({ status: 403, msg: serverMessage('apiKeyAddressNotAllowed', 'en', { address: '203.0.114.9' }) })
  })

  it('refuses an expired key once its signature is right, and a wrong signature with it as any wrong signature', async () => {
    const key = await create('acme', { expires_days: 30 })
    const row = (await h.db.query<{ days: number }>('select extract(epoch from expires_at - create_time)::int / 86400 as days from api_key where key_id = $1', [key.keyId])).rows[0]
    expect(row.days).toBe(30)
    expect(await balance(key)).toMatchObject({ status: 200 })
    await h.db.query(`update api_key set expires_at = now() - interval '1 minute' where key_id = $1`, [key.keyId])
    const refused = await balance(key)
    expect(refused.status).toBe(401)
    expect(refused.msg).toMatch(new RegExp(`^The API key ${key.keyId} expired at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`))
    expect(await balance({ ...key, secret: '0'.repeat(64) })).toMatchObject({ status: 401, msg: serverMessage('apiSignatureInvalid', 'en') })
    expect((await list('acme', { status: 'expired' })).map((r) => r.key_id)).toContain(key.keyId)
    expect((await h.call('/apiKey/rotate', { key_id: key.keyId }, { token: t.acme })).status).toBe(409)
  })

  it('rotates: the new secret is answered once, the old one verifies until the overlap ends, then only the new', async () => {
    const key = await create('acme')
    const res = await h.call('/apiKey/rotate', { key_id: key.keyId }, { token: t.acme, lang: 'en' })
    expect(res.status, res.msg).toBe(200)
    const fresh = { ...key, secret: res.data.secret as string }
    expect(fresh.secret).not.toBe(key.secret)
    const hours = (Date.parse(res.data.previous_until) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    expect(await balance(key)).toMatchObject({ status: 200 })
    expect(await balance(fresh)).toMatchObject({ status: 200 })
    expect((await list('acme')).find((r) => r.key_id === key.keyId)?.previous_until).not.toBeNull()

    await h.db.query(`update api_key set previous_until = now() - interval '1 second' where key_id = $1`, [key.keyId])
    expect(await balance(key)).toMatchObject({ status: 401, msg: serverMessage('apiSignatureInvalid', 'en') })
    expect(await balance(fresh)).toMatchObject({ status: 200 })
    expect(JSON.stringify(await list('acme'))).not.toContain(fresh.secret)
  })

  it('rotates with the overlap the caller asks for: an hour, or none (the previous secret stops at once)', async () => {
    const hour = await create('acme')
    const res = await h.call('/apiKey/rotate', { key_id: hour.keyId, overlap_hours: 1 }, { token: t.acme, lang: 'en' })
    expect(res.status, res.msg).toBe(200)
    const hours = (Date.parse(res.data.previous_until) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(0.9)
    expect(hours).toBeLessThanOrEqual(1)
    expect(await balance(hour)).toMatchObject({ status: 200 })

    const none = await create('acme')
    const now = await h.call('/apiKey/rotate', { key_id: none.keyId, overlap_hours: 0 }, { token: t.acme, lang: 'en' })
    expect(now.status, now.msg).toBe(200)
    expect(await balance(none)).toMatchObject({ status: 401, msg: serverMessage('apiSignatureInvalid', 'en') })
    expect(await balance({ ...none, secret: now.data.secret })).toMatchObject({ status: 200 })
    expect((await list('acme')).find((r) => r.key_id === none.keyId)?.previous_until).toBeNull()
    const tooLong = await h.call('/apiKey/rotate', { key_id: none.keyId, overlap_hours: 721 }, { token: t.acme })
    expect(tooLong).toMatchObject({ status: 400, data: { fields: { overlap_hours: expect.any(String) } } })
  })

  it('revokes: a revoked key\'s calls are refused, and it cannot be revoked or rotated again', async () => {
    const key = await create('acme')
    const res = await h.call('/apiKey/revoke', { key_id: key.keyId }, { token: t.acme, lang: 'en' })
    expect(res).toMatchObject({ status: 200, msg: serverMessage('apiKeyRevokedOk', 'en', { name: 'ERP' }) })
    expect(await balance(key)).toMatchObject({ status: 401, msg: serverMessage('apiKeyRevoked', 'en', { key: key.keyId }) })
    expect((await h.call('/apiKey/revoke', { key_id: key.keyId }, { token: t.acme })).status).toBe(409)
    expect((await h.call('/apiKey/rotate', { key_id: key.keyId }, { token: t.acme })).status).toBe(409)
    expect((await list('acme', { status: 'revoked' })).map((r) => r.key_id)).toContain(key.keyId)
  })

  it('writes an entry for each create, rotate and revoke, the secret only as changed', async () => {
    const key = await create('acme02', { name: 'Audited', scopes: ['send'] })
    const rotated = await h.call('/apiKey/rotate', { key_id: key.keyId }, { token: t.acme02 })
    expect(rotated.status).toBe(200)
    expect((await h.call('/apiKey/revoke', { key_id: key.keyId }, { token: t.acme02 })).status).toBe(200)
    const entries = await entriesOf([key.keyId])
    expect(entries.map((e) => [e.action, e.cus_id, e.actor_id, e.target_type])).toEqual([
      ['apiKeyCreated', 'acme02', 'acme02', 'secret'], ['apiKeyRotated', 'acme02', 'acme02', 'secret'], ['apiKeyRevoked', 'acme02', 'acme02', 'secret'],
    ])
    expect(entries[0].changes).toEqual(expect.arrayContaining([
      { field: 'name', after: 'Audited' }, { field: 'scopes', after: ['send'] }, { field: 'secret', changed: true },
    ]))
    expect(entries[1].changes).toEqual([{ field: 'secret', changed: true }, { field: 'previous_until', after: rotated.data.previous_until }])
    expect(entries[2].changes).toEqual([{ field: 'name', after: 'Audited' }, { field: 'status', before: 'active', after: 'revoked' }])
    const text = JSON.stringify(entries)
    for (const secret of [key.secret, rotated.data.secret as string]) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(secret.slice(-8))
    }
  })

  it('refuses each bad field by name', async () => {
    const res = await h.call('/apiKey/create', { name: ' ', scopes: [], ranges: ['300.1.1.1'], expires_days: 7 }, { token: t.acme })
    expect(res.status).toBe(400)
    expect(Object.keys(res.data.fields).sort()).toEqual(['expires_days', 'name', 'ranges', 'scopes'])
    const unknown = await h.call('/apiKey/create', { name: 'x', scopes: ['admin'], ranges: [], expires_days: 0 }, { token: t.acme })
    expect(unknown).toMatchObject({ status: 400, data: { fields: { scopes: expect.any(String) } } })
    expect((await h.call('/apiKey/revoke', { key_id: 'ak_x' }, { token: t.acme })).status).toBe(400)
  })

  describe('isolation across enterprises and sub-accounts', () => {
    it('lists an account\'s own keys, an enterprise its sub-accounts\' too, an administrator all', async () => {
      const sub = await create('acme01', { name: 'Sub key' })
      const other = await create('globex', { name: 'Globex key' })
      const family = ['acme', 'acme01', 'acme02']
      const seen = async (who: string) => new Set((await list(who)).map((r) => String(r.cus_id)))
      expect([...(await seen('acme01'))]).toEqual(['acme01'])
      expect([...(await seen('acme'))].every((a) => family.includes(a))).toBe(true)
      expect((await list('acme')).map((r) => r.key_id)).toContain(sub.keyId)
      expect([...(await seen('globex'))].every((a) => a.startsWith('globex'))).toBe(true)
      expect((await list('globex', { cus_id: 'acme' })).length).toBe(0)
      const all = (await list('admin', { pageSize: 500 })).map((r) => r.key_id)
      expect(all).toEqual(expect.arrayContaining([sub.keyId, other.keyId]))
    })

    it('lets only the key\'s account rotate it, its enterprise or an administrator revoke it, and nobody else touch it', async () => {
      const sub = await create('acme01')
      const parent = await create('acme')
      const other = await create('globex')
      const rotate = (who: string, k: { keyId: string }) => h.call('/apiKey/rotate', { key_id: k.keyId }, { token: t[who] })
      const revoke = (who: string, k: { keyId: string }) => h.call('/apiKey/revoke', { key_id: k.keyId }, { token: t[who] })
      for (const [who, k] of [['acme', sub], ['admin', sub], ['acme01', parent], ['acme02', sub], ['globex', parent], ['acme', other]] as const) {
        expect((await rotate(who, k)).status, `${who} rotates ${k.account}'s key`).toBe(404)
      }
      for (const [who, k] of [['acme01', parent], ['acme02', sub], ['globex', parent], ['globex', sub], ['acme', other]] as const) {
        expect((await revoke(who, k)).status, `${who} revokes ${k.account}'s key`).toBe(404)
      }
      expect(await balance(sub)).toMatchObject({ status: 200 })
      expect(await balance(parent)).toMatchObject({ status: 200 })
      // A refused rotate or revoke changed nothing, so it wrote no entry.
      const touched = [sub, parent, other].map((k) => k.keyId)
      expect((await entriesOf(touched)).map((e) => e.action)).toEqual(['apiKeyCreated', 'apiKeyCreated', 'apiKeyCreated'])
      expect((await revoke('acme', sub)).status).toBe(200)
      expect((await revoke('admin', other)).status).toBe(200)
      expect(await balance(sub)).toMatchObject({ status: 401 })
      // A revoke's entry belongs to the key's account, whoever revoked it: its enterprise reads it there.
      expect((await entriesOf(touched)).filter((e) => e.action === 'apiKeyRevoked')).toEqual([
        expect.objectContaining({ target_id: sub.keyId, cus_id: 'acme01', enterprise_id: 'acme', actor_id: 'acme' }),
        expect.objectContaining({ target_id: other.keyId, cus_id: 'globex', enterprise_id: 'globex', actor_id: 'admin' }),
      ])
    })

    it('never lets a key sign for another account, its enterprise\'s included', async () => {
      const sub = await create('acme01', { scopes: ['records.read'] })
      for (const account of ['acme', 'acme02', 'globex']) {
        expect(await balance({ ...sub, account }), account).toMatchObject({ status: 401, msg: serverMessage('apiSignatureInvalid', 'en') })
      }
      const parent = await create('acme', { scopes: ['records.read'] })
      expect(await balance({ ...parent, account: 'acme01' })).toMatchObject({ status: 401 })
    })
  })
})
