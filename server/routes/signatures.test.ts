import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGNATURE_STATUS } from '../../src/domain/signatures'
import { reviewSignaturesDue, signatureReviewJob } from '../signatures/review'
import { pdf, png } from '../storage/fixtures.test-helper'
import { setup, type Harness } from '../test/harness'
import { harnessCalls } from './materials.test-helper'

const S = SIGNATURE_STATUS
let seq = 0
/** A name of its own per call (2–12 characters), so the tests never meet each other's applications. */
const fresh = (prefix = '签名') => `${prefix}${(++seq).toString(36)}${Date.now().toString(36).slice(-3)}`

describe('routes/signatures', () => {
  let h: Harness
  let t: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 100 })
    t = await h.tokensFor('admin', 'acme', 'acme01', 'globex', 'initech')
  })
  afterAll(() => h.close())

  const en = (path: string, body: unknown, token: string) => h.call(path, body, { token, lang: 'en' })
  const apply = async (body: Record<string, unknown>, token = t.acme) => {
    const res = await en('/signature/add', { source: 'company', ...body }, token)
    expect(res.status, res.msg).toBe(200)
    return res.data.id as number
  }
  const row = async (id: number) =>
    (await h.db.query<{ status: number; result_desc: string; cus_id: string }>(
      'select status::int as status, result_desc, cus_id from signature where id = $1', [id])).rows[0]
  /** Runs the review as the job does, without its wait, until nothing pending is left. */
  const review = async () => {
    while ((await reviewSignaturesDue(h.db, { delayMs: 0 })) > 0);
  }
  const noticesOf = async (cusId: string, name: string) =>
    (await h.db.query<{ title_key: string; body_key: string; link: string; params: Record<string, string> }>(
      `select title_key, body_key, link, params from notice where cus_id = $1 and kind = 'signatureReview' and params->>'name' = $2`,
      [cusId, name])).rows

  describe('the demo signatures', () => {
    it('each demo enterprise has its approved one, the platform 【云短信】, plus one refused and one pending application', async () => {
      const { rows } = await h.db.query<{ cus_id: string; name: string; status: number }>(
        'select cus_id, name, status::int as status from signature order by id')
      const approved = rows.filter((r) => r.status === S.approved).map((r) => `${r.cus_id}:${r.name}`)
      expect(approved).toEqual(expect.arrayContaining(['admin:云短信', 'acme:艾克米', 'globex:环球', 'initech:英尼泰克', 'umbrella:安布雷拉']))
      expect(rows.filter((r) => r.status === S.refused)).toHaveLength(1)
      expect(rows.filter((r) => r.status === S.pending)).toHaveLength(1)
    })

    it('a sub-account sends with its enterprise\'s approved signatures; an administrator sees those of the account it sends for', async () => {
      expect((await en('/signature/usable', {}, t.acme01)).data.names).toEqual(['艾克米'])
      expect((await en('/signature/usable', {}, t.admin)).data.names).toEqual(['云短信'])
      expect((await en('/signature/usable', { cus_id: 'acme01' }, t.admin)).data.names).toEqual(['艾克米'])
      expect((await en('/signature/usable', { cus_id: 'acme01' }, t.acme)).data.names).toEqual(['艾克米'])
      expect((await en('/signature/usable', { cus_id: 'globex' }, t.acme)).status).toBe(403)
    })
  })

  describe('applying', () => {
    it('an enterprise applies; the application is pending, and the same name once pending or approved is refused on its field', async () => {
      const name = fresh()
      const id = await apply({ name, remark: '官网名称' })
      expect(await row(id)).toMatchObject({ status: S.pending, cus_id: 'acme' })
      const again = await en('/signature/add', { name, source: 'app' }, t.acme)
      expect(again).toMatchObject({ status: 409, data: { fields: { name: 'signatureExists' } } })
      expect(again.msg).toContain(name)
      // Another enterprise may apply for the same name (the review then finds it taken, below).
      expect((await en('/signature/add', { name, source: 'company' }, t.globex)).status).toBe(200)
    })

    it('refuses bad fields, each named with its rule, and stores nothing', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '艾' }, 'name', 'signatureLength'],
        [{ name: '一二三四五六七八九十一二三' }, 'name', 'signatureLength'],
        [{ name: '【艾克米】' }, 'name', 'signatureBrackets'],
        [{ name: '艾克{p1}' }, 'name', 'signatureBrackets'],
        [{ name: '艾克<b>米' }, 'name', 'plainTextOnly'],
        [{ name: '艾克\u200b米' }, 'name', 'plainTextOnly'],
        [{ name: '艾克\u202e米' }, 'name', 'plainTextOnly'],
        [{ name: '艾克\u0007米' }, 'name', 'plainTextOnly'],
        [{ name: '艾克 米' }, 'name', 'noSpaces'],
        [{ name: '' }, 'name', 'required'],
        [{ name: '艾克米', source: 'radio' }, 'source', 'invalidValue'],
        [{ name: '艾克米', remark: 'x'.repeat(201) }, 'remark', 'tooLong'],
        [{ name: '艾克米', remark: '<script>' }, 'remark', 'plainTextOnly'],
        [{ name: '艾克米', proof_material_id: 'one' }, 'proof_material_id', 'invalidValue'],
      ]
      const before = (await h.db.query('select count(*)::int as n from signature')).rows[0]
      for (const [body, field, rule] of cases) {
        const res = await en('/signature/add', { source: 'company', ...body }, t.acme)
        expect([JSON.stringify(body), res.status, res.data?.fields?.[field]]).toEqual([JSON.stringify(body), 400, rule])
      }
      const noSource = await en('/signature/add', { name: '艾克米' }, t.acme)
      expect(noSource.data.fields.source).toBe('required')
      expect((await h.db.query('select count(*)::int as n from signature')).rows[0]).toEqual(before)
    })

    it('a proof file must be a material of the applicant', async () => {
      const { rows } = await h.db.query<{ material_id: number; cus_id: string }>(
        `select distinct on (cus_id) material_id, cus_id from material where cus_id in ('acme', 'globex') order by cus_id, material_id`)
      const own = rows.find((r) => r.cus_id === 'acme')!.material_id
      const other = rows.find((r) => r.cus_id === 'globex')!.material_id
      const refused = await en('/signature/add', { name: fresh(), source: 'trademark', proof_material_id: other }, t.acme)
      expect(refused).toMatchObject({ status: 400, data: { fields: { proof_material_id: 'signatureProofNotFound' } } })
      const id = await apply({ name: fresh(), source: 'trademark', proof_material_id: own })
      const listed = await en('/signature/list', { id }, t.acme)
      expect(listed.data.records[0]).toMatchObject({ proof_material_id: own, source: 'trademark' })
      expect(listed.data.records[0].proof_name).not.toBe('')
    })

    it('a proof file is uploaded as an image or a PDF (a PDF cut short is refused), and cannot be deleted while an application names it', async () => {
      const { upload } = harnessCalls(() => h, t)
      const path = '/file/uploadSignatureProof'
      const doc = await upload('initech', pdf(), { path, name: 'licence.pdf' })
      expect(doc).toMatchObject({ status: 200, data: { kind: 'document', purpose: 'signature', content_type: 'application/pdf' } })
      expect((await upload('initech', png(), { path })).data).toMatchObject({ kind: 'image', purpose: 'signature' })
      const cut = pdf().slice(0, 60)
      expect(await upload('initech', cut, { path })).toMatchObject({ status: 400 })
      expect((await upload('initech', pdf())).msg).toContain('not an allowed format')
      const id = await apply({ name: fresh('英尼泰克'), source: 'trademark', proof_material_id: doc.data.material_id }, t.initech)
      const del = await en('/aim/materialDelete', { ids: [doc.data.material_id] }, t.initech)
      expect(del.status).toBe(409)
      expect(del.msg).toContain(`(#${id})`)
    })

    it('a sub-account applies for nothing, withdraws and deletes nothing (403): it uses its enterprise\'s', async () => {
      for (const path of ['/signature/add', '/signature/withdraw', '/signature/delete']) {
        expect([path, (await en(path, { name: fresh(), source: 'company', id: 1 }, t.acme01)).status]).toEqual([path, 403])
      }
    })
  })

  describe('the review', () => {
    it('the job approves a company\'s own name and refuses, with its reason, a generic word, a name another holds, a missing proof and a sensitive word; a notice each way', async () => {
      const ok = fresh('艾克米')
      const ids = {
        ok: await apply({ name: ok }),
        generic: await apply({ name: '测试' }),
        digits: await apply({ name: '12345' }),
        taken: await apply({ name: '环球' }),
        proof: await apply({ name: fresh('艾克米'), source: 'app' }),
        sensitive: await apply({ name: fresh('发票') }),
      }
      const tick = await h.runJob(signatureReviewJob)
      expect(tick).toMatchObject({ reviewed: expect.any(Number) })
      await review()
      expect(await row(ids.ok)).toMatchObject({ status: S.approved, result_desc: '' })
      const reasons = {
        generic: 'is a generic word', digits: 'is a generic word', taken: 'is used by another enterprise',
        proof: 'needs a proof file', sensitive: 'Contains the sensitive word “发票”',
      }
      for (const [k, words] of Object.entries(reasons)) {
        const r = await row(ids[k as keyof typeof ids])
        expect([k, r.status]).toEqual([k, S.refused])
        expect(r.result_desc).toContain(words)
      }
      const [approvedNotice] = await noticesOf('acme', ok)
      expect(approvedNotice).toMatchObject({ title_key: 'signatureApprovedTitle', link: `/home-sms/signatures?id=${ids.ok}` })
      const [refusedNotice] = await noticesOf('acme', '测试')
      expect(refusedNotice).toMatchObject({ title_key: 'signatureRefusedTitle', body_key: 'signatureRefusedBody' })
      const bell = await en('/notice/list', { pageSize: 50 }, t.acme)
      expect(bell.data.records.map((n: { body: string }) => n.body)).toContainEqual(expect.stringContaining('“测试” is a generic word'))
      expect((await en('/signature/usable', {}, t.acme01)).data.names).toContain(ok)
    })

    it('waits the configured delay before deciding', async () => {
      const id = await apply({ name: fresh() })
      expect(await reviewSignaturesDue(h.db, { delayMs: 60_000 })).toBe(0)
      expect((await row(id)).status).toBe(S.pending)
      await review()
      expect((await row(id)).status).toBe(S.approved)
    })

    it('an administrator approves or refuses by hand (a refusal needs its reason); a decided application is 409; others are 403', async () => {
      const a = await apply({ name: fresh() })
      const b = await apply({ name: fresh() }, t.globex)
      expect((await en('/signature/review', { id: a, approve: true }, t.acme)).status).toBe(403)
      const noReason = await en('/signature/review', { id: b, approve: false }, t.admin)
      expect(noReason).toMatchObject({ status: 400, data: { fields: { reason: 'required' } } })
      expect((await en('/signature/review', { id: a, approve: true }, t.admin)).status).toBe(200)
      expect((await en('/signature/review', { id: b, approve: false, reason: '名称与营业执照不符' }, t.admin)).status).toBe(200)
      expect(await row(a)).toMatchObject({ status: S.approved })
      expect(await row(b)).toMatchObject({ status: S.refused, result_desc: '名称与营业执照不符' })
      expect((await en('/signature/review', { id: b, approve: true }, t.admin)).status).toBe(409)
      expect((await en('/signature/review', { id: 2_000_000_000, approve: true }, t.admin)).status).toBe(404)
      expect(await noticesOf('globex', (await h.db.query<{ name: string }>('select name from signature where id = $1', [b])).rows[0].name))
        .toMatchObject([{ title_key: 'signatureRefusedTitle', params: { reason: '名称与营业执照不符' } }])
    })
  })

  describe('withdraw and delete', () => {
    it('withdraws a pending or approved signature, deletes a refused or withdrawn one, and refuses the rest (409)', async () => {
      const id = await apply({ name: fresh() })
      expect((await en('/signature/delete', { id }, t.acme)).status).toBe(409)
      await review()
      expect((await en('/signature/withdraw', { id }, t.acme)).status).toBe(200)
      expect((await row(id)).status).toBe(S.withdrawn)
      expect((await en('/signature/withdraw', { id }, t.acme)).status).toBe(409)
      const name = (await h.db.query<{ name: string }>('select name from signature where id = $1', [id])).rows[0].name
      expect((await en('/signature/usable', {}, t.acme)).data.names).not.toContain(name)
      // Withdrawn, the name may be applied for again.
      await apply({ name })
      expect((await en('/signature/delete', { id }, t.acme)).status).toBe(200)
      expect(await row(id)).toBeUndefined()
    })

    it('refuses to withdraw a signature that timed batches not yet sent start with, naming them', async () => {
      const name = fresh()
      const id = await apply({ name })
      await review()
      await h.db.query(
        `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
         values ('TSIG0001', 'acme01', 0, 0, 2, $1, 1, now() + interval '1 day', now())`, [`【${name}】明天见`])
      const res = await en('/signature/withdraw', { id }, t.acme)
      expect(res.status).toBe(409)
      expect(res.msg).toContain('TSIG0001')
      expect((await row(id)).status).toBe(S.approved)
      await h.db.query(`update time_batch set send_status = 3 where time_batch = 'TSIG0001'`)
      expect((await en('/signature/withdraw', { id }, t.acme)).status).toBe(200)
    })
  })

  describe('isolation', () => {
    it('the list shows an enterprise its own (a sub-account its enterprise\'s), the administrator every account\'s', async () => {
      const seen = async (token: string, body: Record<string, unknown> = {}) =>
        [...new Set((await en('/signature/list', { pageSize: 500, ...body }, token)).data.records.map((r: { cus_id: string }) => r.cus_id))].sort()
      expect(await seen(t.acme)).toEqual(['acme'])
      expect(await seen(t.acme01)).toEqual(['acme'])
      expect(await seen(t.globex)).toEqual(['globex'])
      expect(await seen(t.acme, { cus_id: 'globex' })).toEqual(['acme'])
      expect(await seen(t.admin)).toEqual(expect.arrayContaining(['acme', 'admin', 'globex', 'initech', 'umbrella']))
      expect(await seen(t.admin, { cus_id: 'globex' })).toEqual(['globex'])
    })

    it('another enterprise\'s signature is not found (404) by withdraw or delete and stays as it was', async () => {
      const { rows } = await h.db.query<{ id: number; status: number }>(
        `select id, status::int as status from signature where cus_id = 'initech' order by id`)
      const before = (await h.db.query('select * from signature order by id')).rows
      for (const caller of ['acme', 'globex'] as const) {
        for (const r of rows) {
          for (const path of ['/signature/withdraw', '/signature/delete']) {
            expect([caller, path, r.id, (await en(path, { id: r.id }, t[caller])).status]).toEqual([caller, path, r.id, 404])
          }
          expect((await en('/signature/list', { id: r.id }, t[caller])).data.records).toEqual([])
        }
      }
      expect((await h.db.query('select * from signature order by id')).rows).toEqual(before)
    })
  })
})
