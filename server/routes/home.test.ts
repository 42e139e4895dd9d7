import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME_BATCHES, homeSummarySchema, type HomeFigures } from '../../src/domain/home'
import { addNotice } from '../notices/store'
import { setup, type Harness } from '../test/harness'
import { balanceOf, mobilesOf, postForm, sendForm } from '../test/send-kit'

describe('routes/home', () => {
  let h: Harness
  let tok: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 2000 })
    tok = await h.tokensFor('admin', 'acme', 'acme01', 'globex')
  })
  afterAll(() => h.close())

  const summary = async (who: string, body: unknown = {}, query = '') => {
    const res = await h.call(`/home/summary${query}`, body, { token: tok[who] })
    expect(res.status, res.msg).toBe(200)
    return homeSummarySchema.parse(res.data)
  }
  /** The same figures counted from the records themselves (a test may scan; the route reads the rollups). */
  async function counted(scope: string, from: string): Promise<HomeFigures> {
    const { rows } = await h.db.query<HomeFigures>(
      `select count(*)::int as received, (count(*) filter (where mt_status <> 100))::int as sent,
         (count(*) filter (where mt_status = 0 and report_result = 0))::int as success,
         (count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)))::int as failure,
         (count(*) filter (where mt_status in (500, 600)))::int as unknown,
         coalesce(sum(price), 0)::text as spend
       from mt_record where ${scope} and (receive_time at time zone 'Asia/Shanghai')::date >= ${from}`)
    return rows[0]
  }
  const TODAY = `(now() at time zone 'Asia/Shanghai')::date`
  const MONTH = `date_trunc('month', ${TODAY})::date`
  const SCOPES = {
    admin: 'true',
    acme: `cus_id in (select cus_id from customer where cus_id = 'acme' or parent_id = 'acme')`,
    acme01: `cus_id = 'acme01'`,
    globex: `cus_id in (select cus_id from customer where cus_id = 'globex' or parent_id = 'globex')`,
  }
  /** Money compared as numbers: the rollup keeps 4 decimals ('12.3400'), an empty sum is '0'. */
  const same = (a: HomeFigures, b: HomeFigures, who = '') => expect({ ...a, spend: Number(a.spend) }, who).toEqual({ ...b, spend: Number(b.spend) })

  it('needs a session', async () => {
    expect((await h.call('/home/summary', {})).status).toBe(401)
  })

  it("gives today's and this month's figures and spend of the caller's scope, equal to its records, as Shanghai days", async () => {
    // The seeded history is spread over 90 days before now: early in a month it may hold nothing of the month. Each
    // scope gets records of today (so of this month) from a send of its own, whatever the date.
    for (const [who, prefix] of [['acme01', '137'], ['globex', '136']] as const) {
      const res = await postForm(h.app, '/user/groupSend', tok[who], sendForm({ content: who === 'globex' ? '【环球】本月统计' : '【艾克米】本月统计' }, 'numbers', mobilesOf(prefix, 3)))
      expect(res.status, res.msg).toBe(200)
    }
    for (const [who, scope] of Object.entries(SCOPES)) {
      const s = await summary(who)
      same(s.month, await counted(scope, MONTH), who)
      same(s.today, await counted(scope, TODAY), who)
      expect(s.month.received, who).toBeGreaterThan(0)
      expect(Number(s.month.spend), who).toBeGreaterThan(0)
      const { rows } = await h.db.query<{ day: string }>(`select to_char(${TODAY}, 'YYYY-MM-DD') as day`)
      expect(s.day).toBe(rows[0].day)
    }
  })

  it("counts a send in today's figures and its charge in today's spend, for the sender, its parent and the administrator only", async () => {
    const before = Object.fromEntries(await Promise.all(Object.keys(SCOPES).map(async (w) => [w, await summary(w)] as const)))
    const balance = await balanceOf(h.db, 'acme01')
    const res = await postForm(h.app, '/user/groupSend', tok.acme01, sendForm({ content: '【艾克米】首页测试，一条七十字以内的短信' }, 'numbers', mobilesOf('139', 7)))
    expect(res.status, res.msg).toBe(200)
    const charged = balance - (await balanceOf(h.db, 'acme01'))
    expect(charged).toBeGreaterThan(0)
    for (const who of ['admin', 'acme', 'acme01']) {
      const after = await summary(who)
      expect(after.today.received - before[who].today.received, who).toBe(7)
      expect(after.month.received - before[who].month.received, who).toBe(7)
      expect(Number(after.today.spend) - Number(before[who].today.spend), who).toBeCloseTo(charged, 3)
      expect(after.records[0].batch_id, who).toBe(res.data.batch_id)
    }
    const globex = await summary('globex')
    expect(globex.today).toEqual(before.globex.today)
    expect(globex.records.map((b) => b.batch_id)).not.toContain(res.data.batch_id)
  })

  it('keeps the daily spend equal to the records through updates and deletes (the rollup triggers)', async () => {
    await h.db.query(`update mt_record set price = price + 0.01 where sn in (select sn from mt_record where cus_id = 'acme01' order by sn desc limit 3)`)
    await h.db.query(`update mt_record set mt_status = 0, report_result = 0 where cus_id = 'acme01' and mt_status = 500`)
    await h.db.query(`delete from mt_record where sn in (select sn from mt_record where cus_id = 'acme01' order by sn desc limit 2)`)
    same((await summary('acme01')).today, await counted(SCOPES.acme01, TODAY))
    same((await summary('acme01')).month, await counted(SCOPES.acme01, MONTH))
    const { rows } = await h.db.query<{ bad: number }>(
      `select count(*)::int as bad from mt_daily d full join (select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day,
         coalesce(country_code, '') as country, sum(price) as spend from mt_record group by 1, 2, 3, 4) r using (cus_id, prod_type, day, country)
       where coalesce(d.spend, 0) <> coalesce(r.spend, 0)`)
    expect(rows[0].bad).toBe(0)
  })

  it('lists the newest batches of the scope only, and the queues of each user type', async () => {
    const admin = await summary('admin')
    const acme01 = await summary('acme01')
    const acme = await summary('acme')
    expect(acme01.records.length).toBeGreaterThan(0)
    expect(acme01.records.every((b) => b.cus_id === 'acme01')).toBe(true)
    const family = (await h.db.query<{ cus_id: string }>(`select cus_id from customer where cus_id = 'acme' or parent_id = 'acme'`)).rows.map((r) => r.cus_id)
    expect(acme.records.length).toBeGreaterThan(0)
    expect(acme.records.every((b) => family.includes(b.cus_id))).toBe(true)
    const { rows } = await h.db.query<{ batch_id: string }>(`select batch_id from sms_batch order by create_time desc limit ${HOME_BATCHES}`)
    expect(admin.records.map((b) => b.batch_id)).toEqual(rows.map((r) => r.batch_id))
    expect(admin.customers).toBe((await h.db.query<{ n: number }>('select count(*)::int as n from customer where user_type = 2')).rows[0].n)
    expect(acme.customers).toBeNull()
    expect(acme01.customers).toBeNull()
  })

  it('counts the templates of each kind waiting for review, as each list\'s pending filter finds them, in the caller\'s scope', async () => {
    // One more waiting of each kind for acme01, and one of globex's that no customer of acme may count.
    const t = new Date().toISOString()
    for (const cus of ['acme01', 'globex']) {
      await h.db.query("insert into content_template (cus_id, template_content, check_status, create_time) values ($1, '【测试】待审核', 0, $2)", [cus, t])
      await h.db.query("insert into video_template (cus_id, title, template_sign, size, status, create_time, update_time) values ($1, '待审核', '测试', 1024, 5, $2, $2)", [cus, t])
      await h.db.query("insert into csp_template (cus_id, template_name, chatbot_id, autograph, template_status, create_time) values ($1, '待审核', 'bot', '测试', 0, $2)", [cus, t])
    }
    const count = async (where: string) => {
      const n = async (table: string, pending: string) => (await h.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${pending} and ${where}`)).rows[0].n
      return { content: await n('content_template', 'check_status = 0'), video: await n('video_template', 'status in (0, 5)'), csp: await n('csp_template', 'template_status = 0') }
    }
    const admin = await summary('admin')
    const acme = await summary('acme')
    const acme01 = await summary('acme01')
    expect(admin.pendingTemplates).toEqual(await count('true'))
    expect(acme.pendingTemplates).toEqual(await count("cus_id in (select cus_id from customer where cus_id = 'acme' or parent_id = 'acme')"))
    expect(acme01.pendingTemplates).toEqual(await count("cus_id = 'acme01'"))
    for (const kind of ['content', 'video', 'csp'] as const) {
      expect(acme01.pendingTemplates[kind]).toBeGreaterThan(0)
      expect(admin.pendingTemplates[kind]).toBeGreaterThan(acme.pendingTemplates[kind])
    }
  })

  it("gives an attacker naming another tenant in the body or the query its own figures only", async () => {
    const own = await summary('acme01')
    for (const body of [{ cus_id: 'globex' }, { cus_id: 'admin', userType: 1 }, { cusId: 'globex', user_type: 1, parent_id: 'globex' }]) {
      for (const query of ['', '?cus_id=globex', '?cusId=admin&user_type=1']) {
        const s = await summary('acme01', body, query)
        expect(s.today).toEqual(own.today)
        expect(s.month).toEqual(own.month)
        expect(s.records.every((b) => b.cus_id === 'acme01')).toBe(true)
        expect(s.pendingTemplates).toEqual(own.pendingTemplates)
        expect(s.customers).toBeNull()
      }
    }
  })

  it('shows the caller its own notices only, unread first, with the unread count', async () => {
    for (const cusId of ['globex', 'acme01']) {
      await addNotice(h.db, cusId, { kind: 'balanceLow', title: 'noticeBalanceLowTitle', body: 'noticeBalanceLowBody', params: { balance: '1.000', threshold: '2.000' }, link: '' })
    }
    const acme01 = await summary('acme01')
    expect(acme01.notices.length).toBeGreaterThan(0)
    expect(acme01.notices.every((n) => n.cus_id === 'acme01')).toBe(true)
    expect(acme01.unreadNotices).toBe((await h.db.query<{ n: number }>("select count(*)::int as n from notice where cus_id = 'acme01' and read_at is null")).rows[0].n)
    expect((await summary('acme')).notices.every((n) => n.cus_id === 'acme')).toBe(true)
  })
})
