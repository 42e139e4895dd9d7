import { Hono, type Context } from 'hono'
import { PROD_TYPE } from '../../../src/domain/constants'
import { serverMessage } from '../../../src/domain/messages'
import { codeOf, exampleShortUrl, LINK_CLICKS_SHOWN, SHORT_CODE_PATTERN, SHORT_LINK_PATH, shortUrl, type LinkInfoResult, type ShortLinkResult } from '../../../src/domain/send-link'
import type { Deps } from '../../deps'
import { ApiError, localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { readNumbers } from '../../send/group-send'
import { linkSend } from '../../send/link-send'
import { findLink, firstClicks, makeLink, ownLink, recordClick, type StoredLink } from '../../send/short-links'
import { consumeRate } from '../../security/rate-limit'
import { priceOf } from '../../send/store'
import { scopeFor } from '../../users/scope'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'
import { requestLog } from '../../http/request-log'
import { faultAnswer } from '../../http/faults'

/** The origin short links and interaction pages start with: the configured one, else the origin this request reached. */
/** Short links start with the configured base, never with the host a request names (it may be a rebound DNS name). */
export const baseOf = (deps: Deps) => (deps.config.shortLinkBase ?? deps.config.publicOrigins[0]).replace(/\/+$/, '')

const asResult = async (db: Deps['db'], base: string, l: StoredLink): Promise<ShortLinkResult> =>
  ({ ...l, short_url: shortUrl(base, l.code), clicks: await firstClicks(db, l.code, LINK_CLICKS_SHOWN) })

/** Link send (src/domain/send-link.ts) and the short-link tools, under the API prefix. */
export function linkSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)
  r.use('/shortChainTool/smsLinkGroupSend', sendBodyLimit(), auth, sendMemory(deps))

  operation(r, '/shortChainTool/smsLinkGroupSend', async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await linkSend(db, cusId, payload, readNumbers(file), baseOf(deps)))
  })

  operation(r, '/shortChainTool/smsLinkInfo', auth, async (c, input) => {
    const q = await input()
    const cusId = await senderOf(db, c.get('user'), q.cus_id)
    const base = baseOf(deps)
    const info: LinkInfoResult = { base, short_url_length: exampleShortUrl(base).length, price: await priceOf(db, cusId, PROD_TYPE.ordinary) }
    return ok(c, info)
  })

  // Every call spends the account's per-minute allowance; only a new link spends its daily one (a repeat of a long
  // URL it already has gets that link back, no new row).
  operation(r, '/shortChainTool/longToShort', auth, async (c, input) => {
    const q = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'shortLinkMint', cusId)
    let link = await ownLink(db, cusId, q.long_url)
    if (!link) {
      await consumeRate(deps, 'shortLinkDay', cusId)
      link = await makeLink(db, c, cusId, q.long_url)
    }
    return ok(c, await asResult(db, baseOf(deps), link))
  })

  operation(r, '/shortChainTool/shortToLong', auth, async (c, input) => {
    const q = await input()
    const code = codeOf(q.short_url)
    const link = code ? await findLink(db, scopeFor(c.get('user'), 'cus_id'), code) : null
    if (!link) throw new ApiError(404, 'shortLinkNotFound')
    return ok(c, await asResult(db, baseOf(deps), link))
  })
  return r
}

function notFoundPage(c: Context) {
  const locale = localeOf(c)
  const text = serverMessage('shortLinkNotFound', locale)
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${text}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#444">`
    + `<h1 style="font-size:1.25rem">${text}</h1></body></html>`
  return c.html(html, 404, { 'cache-control': 'no-store' })
}

/**
 * The public redirect `/s/<code>` (mounted at the root, outside the API prefix): 302 to the long URL, each click
 * logged with its time, system and browser; an unknown code gets a small 404 page in the visitor's language. A HEAD
 * request (link previews, checkers) redirects without counting.
 */
export function shortLinkRedirectRoutes(deps: Deps) {
  const r = new Hono()
  r.get(`${SHORT_LINK_PATH}:code`, async (c) => {
    const code = c.req.param('code')
    if (!SHORT_CODE_PATTERN.test(code)) return notFoundPage(c)
    try {
      const target = c.req.method === 'HEAD'
        ? (await findLink(deps.db, { sql: 'true', params: [] }, code))?.long_url ?? null
        : await recordClick(deps.db, code, c.req.header('user-agent') ?? '')
      if (!target) return notFoundPage(c)
      c.header('cache-control', 'no-store')
      return c.redirect(target, 302)
    } catch (e) {
      const fault = faultAnswer(c, e)
      if (fault) return c.text(serverMessage(fault.key, localeOf(c), fault.vars), fault.status)
      requestLog(c).error({ err: e }, 'short link redirect failed')
      return c.text(serverMessage('unknown', localeOf(c)), 500)
    }
  })
  return r
}
