import { randomBytes } from 'node:crypto'
import Bowser from 'bowser'
import { isbot } from 'isbot'
import { measureContent } from '../../src/domain/billing'
import { MAX_CONTENT_CHARS } from '../../src/domain/send'
import { fillLink, LINK_MARKER, linkTemplate, SHORT_CODE_LENGTH, SHORT_LINK_PATH, type LinkClick } from '../../src/domain/send-link'
import type { Context } from 'hono'
import { madeWith } from '../audit/diff'
import type { AuditContext } from '../audit/context'
import { audit } from '../audit/write'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { INSERT_CHUNK } from './store'

/* Short links (src/domain/send-link.ts, tables short_link and short_link_click): codes, storing a send's links, and recording clicks. */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 4 × 62: random bytes at or above it are dropped, so every character is equally likely (no modulo bias). */
const UNBIASED_BELOW = 248

/** `n` codes of SHORT_CODE_LENGTH base62 characters from the cryptographic random source. */
export function randomCodes(n: number): string[] {
  const out = new Array<string>(n)
  let buf = randomBytes(Math.ceil(n * SHORT_CODE_LENGTH * 1.05) + 16)
  let at = 0
  for (let i = 0; i < n; i++) {
    let code = ''
    while (code.length < SHORT_CODE_LENGTH) {
      if (at === buf.length) {
        buf = randomBytes(4096)
        at = 0
      }
      const b = buf[at++]
      if (b < UNBIASED_BELOW) code += ALPHABET[b % 62]
    }
    out[i] = code
  }
  return out
}

/** `n` codes of randomCodes, no two alike (a repeat within the send is drawn again). */
export function uniqueCodes(n: number): string[] {
  const codes = randomCodes(n)
  const seen = new Set<string>()
  for (let i = 0; i < n; i++) {
    while (seen.has(codes[i])) codes[i] = randomCodes(1)[0]
    seen.add(codes[i])
  }
  return codes
}

/**
 * Draws again the codes that a stored link already has, until none has. At 62^8 codes a clash is very unlikely
 * (about 0.5 % for a million codes beside a million stored) but would break the unique key. Call in the transaction
 * that then inserts those links: a send racing this one to the same new code fails its transaction (nothing of it
 * stored), and its retry succeeds.
 */
export async function clearClashes(tx: Db, codes: string[]): Promise<void> {
  let suspects = codes.map((_, i) => i)
  while (suspects.length) {
    const clash: number[] = []
    for (let i = 0; i < suspects.length; i += INSERT_CHUNK) {
      const part = suspects.slice(i, i + INSERT_CHUNK)
      const at = new Map(part.map((j) => [codes[j], j]))
      const { rows } = await tx.query<{ code: string }>('select code from short_link where code = any($1::text[])', [[...at.keys()]])
      for (const r of rows) clash.push(at.get(r.code)!)
    }
    // A redrawn code must not repeat one of the send's own either (a scan of the send, only on the rare clash).
    for (const j of clash) {
      do codes[j] = randomCodes(1)[0]
      while (codes.indexOf(codes[j]) !== j || codes.lastIndexOf(codes[j]) !== j)
    }
    suspects = clash
  }
}

/** `n` codes unused by each other and by every stored link (one transaction's worth: a single link, a small send). */
export async function freshCodes(tx: Db, n: number): Promise<string[]> {
  const codes = uniqueCodes(n)
  await clearClashes(tx, codes)
  return codes
}

export interface StoreLinks {
  codes: string[]
  mobiles: string[]
  cusId: string
  batchId: string
  longUrl: string
  createdAt: Date
}

/** A short_link row for each recipient; the sent record is tied to it on the first click (see recordClick). */
export async function storeLinks(tx: Db, s: StoreLinks): Promise<void> {
  for (let i = 0; i < s.codes.length; i += INSERT_CHUNK) {
    const end = Math.min(i + INSERT_CHUNK, s.codes.length)
    await tx.query(
      `insert into short_link (code, cus_id, batch_id, mobile, long_url, created_at)
       select t.c, $1, $2, t.m, $3, $4 from unnest($5::text[], $6::text[]) as t(c, m)`,
      [s.cusId, s.batchId, s.longUrl, s.createdAt, s.codes.slice(i, end), s.mobiles.slice(i, end)])
  }
}

export interface Agent {
  os: string | null
  browser: string | null
}

/** Operating system and browser names (as the short-link list shows them: "Windows", "Chrome"); nulls when unknown. */
export function parseAgent(ua: string): Agent {
  if (!ua.trim()) return { os: null, browser: null }
  try {
    const r = Bowser.parse(ua)
    return { os: r.os.name || null, browser: r.browser.name || null }
  } catch {
    return { os: null, browser: null }
  }
}

interface ClickedLink {
  long_url: string
  cus_id: string
  mobile: string | null
  mt_sn: string | number | null
  created_at: Date | string
}

/** User agents are kept whole up to this length in the click log. */
const UA_MAX = 1000
/**
 * Click-log rows kept per link (its first clicks): anyone may request /s/<code> as often as they like, so the log
 * must not grow with requests. click_count still counts every click.
 */
export const CLICK_LOG_PER_LINK = 100

/**
 * Logs a click and returns where the link goes; null for an unknown code. The first click of a recipient's link
 * sets click_time, osystem and browser on its sent record (later clicks only count and log). A link of a timed
 * send is tied to its record once the batch went out: the record of that mobile and account whose content carries
 * the code; a click before then still redirects. A link-preview fetcher or crawler (WeChat, Slack, Telegram, search
 * bots… as `isbot` knows them) is redirected and logged as a bot, but is no click: a message app previewing the
 * link the moment it arrives would otherwise mark every recipient as having clicked.
 */
export async function recordClick(db: Db, code: string, ua: string, now = new Date()): Promise<string | null> {
  const bot = isbot(ua)
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ClickedLink>(
      bot
        ? 'select long_url, cus_id, mobile, mt_sn, created_at from short_link where code = $1'
        : `update short_link set click_count = click_count + 1, first_click_time = coalesce(first_click_time, $2), last_click_time = $2
           where code = $1 returning long_url, cus_id, mobile, mt_sn, created_at`, bot ? [code] : [code, now])
    if (!rows.length) return null
    const link = rows[0]
    const agent = parseAgent(ua)
    // The redirect is public: past CLICK_LOG_PER_LINK rows a link's clicks are still counted, no longer logged.
    await tx.query(
      `insert into short_link_click (code, click_time, os, browser, ua, bot) select $1, $2, $3, $4, $5, $6
       where not exists (select 1 from short_link_click where code = $1 offset $7 limit 1)`,
      [code, now, agent.os, agent.browser, ua.slice(0, UA_MAX), bot, CLICK_LOG_PER_LINK - 1])
    if (bot) return link.long_url
    let sn = link.mt_sn
    if (sn === null && link.mobile !== null) {
      // mt_record_mobile_idx: the few records of one mobile since the link was made (an hour's margin for clocks).
      const found = await tx.query<{ sn: string | number }>(
        `select sn from mt_record where mobile = $1 and cus_id = $2 and receive_time >= $3::timestamptz - interval '1 hour'
         and strpos(content, $4) > 0 order by receive_time, sn limit 1`, [link.mobile, link.cus_id, link.created_at, SHORT_LINK_PATH + code])
      sn = found.rows[0]?.sn ?? null
      if (sn !== null) await tx.query('update short_link set mt_sn = $2 where code = $1', [code, sn])
    }
    if (sn !== null) {
      await tx.query('update mt_record set click_time = $2, osystem = $3, browser = $4 where sn = $1 and click_time is null',
        [sn, now, agent.os, agent.browser])
    }
    return link.long_url
  })
}

export interface StoredLink {
  code: string
  long_url: string
  click_count: number
  created_at: string
}

const LINK_COLUMNS = 'code, long_url, click_count, created_at'
const asStored = (r: { code: string; long_url: string; click_count: number; created_at: Date | string }): StoredLink => ({
  ...r, click_count: Number(r.click_count), created_at: new Date(r.created_at).toISOString(),
})

/** The account's own (longToShort) link to `longUrl`, the earliest if a race made two; null when it has none. */
export async function ownLink(db: Db, cusId: string, longUrl: string): Promise<StoredLink | null> {
  const { rows } = await db.query<StoredLink>(
    `select ${LINK_COLUMNS} from short_link where cus_id = $1 and batch_id is null and md5(long_url) = md5($2) and long_url = $2
     order by created_at, code limit 1`, [cusId, longUrl])
  return rows[0] ? asStored(rows[0]) : null
}

/** A short link of the account not tied to any send (/shortChainTool/longToShort), its entry with it; its existing one for a repeat. */
export async function makeLink(db: Db, from: Context | AuditContext, cusId: string, longUrl: string): Promise<StoredLink> {
  return db.transaction(async (tx) => {
    const known = await ownLink(tx, cusId, longUrl)
    if (known) return known
    const [code] = await freshCodes(tx, 1)
    const { rows } = await tx.query<StoredLink>(
      `insert into short_link (code, cus_id, long_url) values ($1, $2, $3) returning ${LINK_COLUMNS}`, [code, cusId, longUrl])
    await audit(tx, from, { action: 'shortLinkMade', account: cusId, target: { id: code }, changes: madeWith({ long_url: longUrl }) })
    return asStored(rows[0])
  })
}

/** A link's first clicks by people (bots left out), oldest first, as the short-link tools show them. */
export async function firstClicks(db: Db, code: string, limit: number): Promise<LinkClick[]> {
  const { rows } = await db.query<{ click_time: Date | string; os: string | null; browser: string | null }>(
    'select click_time, os, browser from short_link_click where code = $1 and not bot order by click_time, id limit $2', [code, limit])
  return rows.map((r) => ({ click_time: new Date(r.click_time).toISOString(), os: r.os, browser: r.browser }))
}

/** A short link the user may see (scopeFor's rule); null when there is none. */
export async function findLink(db: Db, scope: { sql: string; params: unknown[] }, code: string): Promise<StoredLink | null> {
  const { rows } = await db.query<StoredLink>(
    `select ${LINK_COLUMNS} from short_link where code = $${scope.params.length + 1} and ${scope.sql}`,
    [...scope.params, code])
  return rows[0] ? asStored(rows[0]) : null
}

/**
 * After the content of a timed link batch is edited (/pageTimeBatch/edit): every detail gets the new content filled
 * with its own short link again, as the send did (fillLink: `{link}` replaced, else appended after a space). A
 * detail whose message carries no link of its own is left as it is. Call inside the edit's transaction, in place of
 * writing the same text into every detail; returns the details refilled.
 */
export async function refillTimedLinks(tx: Db, timeBatch: string, content: string): Promise<number> {
  // Every detail's link has the same length: one of them tells whether the new text with its links is too long.
  const one = await tx.query<{ url: string }>(
    `select substring(d.content from 'https?://[^\\s/]+' || $2 || s.code) as url
     from time_mt_message d join short_link s on s.batch_id = d.time_batch and s.mobile = d.mobile
     where d.time_batch = $1 limit 1`, [timeBatch, SHORT_LINK_PATH])
  const url = one.rows[0]?.url
  if (url) {
    const chars = measureContent(fillLink(content, url)).chars
    if (chars > MAX_CONTENT_CHARS) throw new ApiError(400, 'linkMessageTooLong', { chars, max: MAX_CONTENT_CHARS })
  }
  const { rows } = await tx.query<{ n: number }>(
    `with u as (
       select d.sn, substring(d.content from 'https?://[^\\s/]+' || $3 || s.code) as url
       from time_mt_message d join short_link s on s.batch_id = d.time_batch and s.mobile = d.mobile
       where d.time_batch = $1),
     done as (update time_mt_message d set content = replace($2, $4, u.url) from u where d.sn = u.sn and u.url is not null returning 1)
     select count(*)::int as n from done`, [timeBatch, linkTemplate(content), SHORT_LINK_PATH, LINK_MARKER])
  return Number(rows[0].n)
}
