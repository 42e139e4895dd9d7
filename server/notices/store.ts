import { NOTICES_PER_ACCOUNT, type Notice, type NoticeKind } from '../../src/domain/notice'
import { serverMessage, type ServerMessage } from '../../src/domain/messages'
import type { Locale } from '../../src/domain/constants'
import type { Db } from '../db'

export interface NewNotice {
  kind: NoticeKind
  /** Message keys of src/domain/messages.ts, worded in the reader's language when listed. */
  title: ServerMessage
  body: ServerMessage
  params?: Record<string, string | number>
  /** Console path the notice opens, e.g. '/recharge/list'. */
  link?: string
}

/**
 * Puts a notice on the account's bell. Safe inside a caller's transaction (it commits or rolls back with it). Keeps
 * the newest NOTICES_PER_ACCOUNT rows of the account, so no producer can grow the table without bound.
 */
export async function addNotice(db: Db, cusId: string, n: NewNotice): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'insert into notice (cus_id, kind, title_key, body_key, params, link) values ($1, $2, $3, $4, $5, $6) returning id',
    [cusId, n.kind, n.title, n.body, JSON.stringify(n.params ?? {}), n.link ?? ''],
  )
  await db.query(
    `delete from notice where cus_id = $1 and id <= (select id from notice where cus_id = $1 order by id desc offset $2 limit 1)`,
    [cusId, NOTICES_PER_ACCOUNT],
  )
  return Number(rows[0].id)
}

interface Row {
  id: string
  cus_id: string
  kind: string
  title_key: ServerMessage
  body_key: ServerMessage
  params: Record<string, string | number>
  link: string
  read_at: Date | string | null
  created_at: Date | string
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString()

function toNotice(r: Row, locale: Locale): Notice {
  return {
    id: Number(r.id),
    cus_id: r.cus_id,
    kind: r.kind,
    title: serverMessage(r.title_key, locale, r.params),
    body: serverMessage(r.body_key, locale, r.params),
    link: r.link,
    read: r.read_at !== null,
    createdAt: iso(r.created_at),
  }
}

export async function listNotices(
  db: Db, cusId: string, q: { pageNumber: number; pageSize: number; unreadFirst: boolean }, locale: Locale,
): Promise<{ records: Notice[]; total: number; unread: number }> {
  const order = q.unreadFirst ? '(read_at is null) desc, id desc' : 'id desc'
  const { rows } = await db.query<Row>(
    `select id, cus_id, kind, title_key, body_key, params, link, read_at, created_at from notice where cus_id = $1
     order by ${order} limit $2 offset $3`,
    [cusId, q.pageSize, (q.pageNumber - 1) * q.pageSize],
  )
  const counts = await db.query<{ total: number; unread: number }>(
    'select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from notice where cus_id = $1',
    [cusId],
  )
  return { records: rows.map((r) => toNotice(r, locale)), ...counts.rows[0] }
}

export async function unreadNotices(db: Db, cusId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from notice where cus_id = $1 and read_at is null', [cusId])
  return rows[0].n
}

/** Marks one notice (of this account only) or all of them read; returns how many changed. */
export async function markNoticesRead(db: Db, cusId: string, id: number | 'all'): Promise<number> {
  const { rows } = await db.query(
    `update notice set read_at = now() where cus_id = $1 and read_at is null and ($2::bigint is null or id = $2::bigint) returning id`,
    [cusId, id === 'all' ? null : id],
  )
  return rows.length
}
