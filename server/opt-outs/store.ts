import {
  DEFAULT_OPT_OUT_SETTINGS, OPT_OUT_SOURCE, replyAction, type OptOutSettings,
} from '../../src/domain/opt-outs'
import type { Db } from '../db'

/*
 * The suppression lists (src/domain/opt-outs.ts, tables opt_out and opt_out_setting): whose list an account uses,
 * its settings, the numbers of a send that are on it, and what replies do to it.
 */

/** SQL: the enterprise of the account whose cus_id is `p` (a sub-account's customer, else the account itself). */
export const enterpriseSql = (p: string) =>
  `(select coalesce(case when e.user_type = 3 then e.parent_id end, e.cus_id) from customer e where e.cus_id = ${p})`

/** The enterprise whose suppression list `cusId` sends against and manages. */
export async function enterpriseOf(db: Db, cusId: string): Promise<string> {
  const { rows } = await db.query<{ ent: string | null }>(`select ${enterpriseSql('$1')} as ent`, [cusId])
  return rows[0]?.ent ?? cusId
}

/** The enterprise's settings, the defaults when it has saved none. */
export async function settingsOf(db: Db, entId: string): Promise<OptOutSettings> {
  const { rows } = await db.query<OptOutSettings>(
    'select out_keywords, in_keywords, exempt_verification from opt_out_setting where ent_id = $1', [entId])
  return rows[0] ?? DEFAULT_OPT_OUT_SETTINGS
}

/**
 * Which of `mobiles` are on the enterprise's list: only those come back, never the list itself. One statement joins
 * the numbers given (one array parameter, as big as the upload that brought them) with the list's entries of the
 * enterprise, which the planner makes a hash join for a large send and index probes for a small one; an enterprise
 * with no entry costs one probe. A join per chunk of numbers would read the list once per chunk
 * (tests/bench/opt-out-scrub.bench.mjs).
 */
export async function optedOutAmong(db: Db, entId: string, mobiles: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>()
  if (!mobiles.length) return out
  const { rows: any } = await db.query('select 1 from opt_out where ent_id = $1 and removed_at is null limit 1', [entId])
  if (!any.length) return out
  const { rows } = await db.query<{ mobile: string }>(
    `select o.mobile from opt_out o join unnest($2::text[]) as m(mobile) on m.mobile = o.mobile
     where o.ent_id = $1 and o.removed_at is null`, [entId, mobiles])
  for (const r of rows) out.add(r.mobile)
  return out
}

/**
 * Whether a send is exempt from the scrub: a send of a verification-code template, when the enterprise allows it.
 * The one place the exemption is decided; `verificationCode` is what a send says of its template's type.
 */
export function exemptFromOptOuts(settings: Pick<OptOutSettings, 'exempt_verification'>, send: { verificationCode?: boolean }): boolean {
  return settings.exempt_verification && send.verificationCode === true
}

/** A reply record, as the writer of mo_record has it. */
export interface Reply {
  sn: number | string
  cus_id: string
  mobile: string
  content: string
  /** When it arrived: the opt-out's time. */
  deliver_time?: Date | string
}

/**
 * What replies do to the lists, in the transaction that stores them: a reply whose whole content is one of its
 * enterprise's opt-out keywords puts the number on the list (source: that reply record), one of its opt-back-in
 * keywords takes it off (the reply's text kept as the reason). Replies are applied in record order, so a number's
 * last reply decides. Returns the numbers put on and taken off.
 */
export async function applyReplies(tx: Db, replies: readonly Reply[]): Promise<{ out: number; in: number }> {
  if (!replies.length) return { out: 0, in: 0 }
  const accounts = [...new Set(replies.map((r) => r.cus_id))]
  const { rows } = await tx.query<{ cus_id: string; ent_id: string; out_keywords: string[] | null; in_keywords: string[] | null }>(
    `select c.cus_id, x.ent_id, s.out_keywords, s.in_keywords
     from customer c cross join lateral (select coalesce(case when c.user_type = 3 then c.parent_id end, c.cus_id) as ent_id) x
     left join opt_out_setting s on s.ent_id = x.ent_id where c.cus_id = any($1::text[])`, [accounts])
  const byAccount = new Map(rows.map((r) => [r.cus_id, {
    ent: r.ent_id,
    keywords: { out_keywords: r.out_keywords ?? DEFAULT_OPT_OUT_SETTINGS.out_keywords, in_keywords: r.in_keywords ?? DEFAULT_OPT_OUT_SETTINGS.in_keywords },
  }]))
  // The last matching reply of each number of each enterprise.
  const last = new Map<string, { ent: string; reply: Reply; action: 'out' | 'in' }>()
  for (const r of [...replies].sort((a, b) => Number(a.sn) - Number(b.sn))) {
    const account = byAccount.get(r.cus_id)
    if (!account) continue
    const action = replyAction(r.content, account.keywords)
    if (action) last.set(`${account.ent}\t${r.mobile}`, { ent: account.ent, reply: r, action })
  }
  const outs = [...last.values()].filter((x) => x.action === 'out')
  const ins = [...last.values()].filter((x) => x.action === 'in')
  const time = (r: Reply) => (r.deliver_time ? new Date(r.deliver_time).toISOString() : new Date().toISOString())
  let put = 0
  let taken = 0
  if (outs.length) {
    // A number already on the list keeps its first entry; one taken off earlier comes back with this reply.
    const res = await tx.query<{ n: number }>(
      `with put as (insert into opt_out (ent_id, mobile, source, mo_sn, added_by, create_time)
       select t.e, t.m, $1, t.sn, t.c, t.at from unnest($2::text[], $3::text[], $4::bigint[], $5::text[], $6::timestamptz[]) as t(e, m, sn, c, at)
       on conflict (ent_id, mobile) do update set source = excluded.source, mo_sn = excluded.mo_sn, note = '', added_by = excluded.added_by,
         create_time = excluded.create_time, removed_at = null, removed_reason = '', removed_by = ''
       where opt_out.removed_at is not null returning 1)
       select count(*)::int as n from put`,
      [OPT_OUT_SOURCE.reply, outs.map((x) => x.ent), outs.map((x) => x.reply.mobile), outs.map((x) => x.reply.sn),
        outs.map((x) => x.reply.cus_id), outs.map((x) => time(x.reply))])
    put = res.rows[0].n
  }
  if (ins.length) {
    const res = await tx.query<{ n: number }>(
      `with taken as (update opt_out o set removed_at = t.at, removed_reason = t.content, removed_by = ''
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as t(e, m, content, at)
       where o.ent_id = t.e and o.mobile = t.m and o.removed_at is null returning 1)
       select count(*)::int as n from taken`,
      [ins.map((x) => x.ent), ins.map((x) => x.reply.mobile), ins.map((x) => x.reply.content.trim()), ins.map((x) => time(x.reply))])
    taken = res.rows[0].n
  }
  return { out: put, in: taken }
}

/** Replies per read when stored replies are applied. */
const REPLY_CHUNK = 10_000

/**
 * applyReplies over every stored reply, in record order, a chunk at a time: the demo history's replies (TD, 退订,
 * STOP …) become its enterprises' lists as they would have when they arrived.
 */
export async function applyStoredReplies(tx: Db): Promise<number> {
  let after = 0
  let put = 0
  for (;;) {
    const { rows } = await tx.query<Reply>(
      'select sn, cus_id, mobile, content, deliver_time from mo_record where sn > $1 order by sn limit $2', [after, REPLY_CHUNK])
    if (!rows.length) return put
    put += (await applyReplies(tx, rows)).out
    after = Number(rows[rows.length - 1].sn)
  }
}

export interface NewEntry {
  mobile: string
  note: string
}

/** Rows per insert statement of added entries. */
const ADD_CHUNK = 10_000

/**
 * Puts numbers on the enterprise's list with their source and note, `by` the account adding them; a number already on
 * it keeps its entry, one taken off comes back as this entry. The count put on.
 */
export async function addEntries(tx: Db, entId: string, by: string, source: number, entries: readonly NewEntry[]): Promise<number> {
  let added = 0
  for (let i = 0; i < entries.length; i += ADD_CHUNK) {
    const part = entries.slice(i, i + ADD_CHUNK)
    const { rows } = await tx.query<{ n: number }>(
      `with put as (
         insert into opt_out (ent_id, mobile, source, note, added_by)
         select $1, t.m, $2, t.n, $3 from unnest($4::text[], $5::text[]) as t(m, n)
         on conflict (ent_id, mobile) do update set source = excluded.source, mo_sn = null, note = excluded.note, added_by = excluded.added_by,
           create_time = now(), removed_at = null, removed_reason = '', removed_by = ''
         where opt_out.removed_at is not null
         returning 1)
       select count(*)::int as n from put`,
      [entId, source, by, part.map((e) => e.mobile), part.map((e) => e.note)])
    added += rows[0].n
  }
  return added
}

/** Takes numbers off the enterprise's list, the reason and `by` kept on each entry. The count taken off. */
export async function removeEntries(tx: Db, entId: string, by: string, mobiles: readonly string[], reason: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `with taken as (
       update opt_out set removed_at = now(), removed_reason = $4, removed_by = $2
       where ent_id = $1 and mobile = any($3::text[]) and removed_at is null returning 1)
     select count(*)::int as n from taken`, [entId, by, mobiles, reason])
  return rows[0].n
}

/**
 * SQL: whether `mobile` is on the list of the enterprise of `account` (a cus_id expression), for the lists that show
 * a number's opt-out (records, contacts): one probe of the list's active index per row of the page.
 */
export const optedOutSql = (mobile: string, account: string) =>
  `exists (select 1 from opt_out oo where oo.ent_id = ${enterpriseSql(account)} and oo.mobile = ${mobile} and oo.removed_at is null)`
