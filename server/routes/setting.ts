import { Hono } from 'hono'
import type { SiteSettings } from '../../src/domain/auth'
import type { Deps } from '../deps'
import { addressKey, clientIp } from '../http/client-ip'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { issueCaptcha } from '../security/captcha'
import { consumeRate } from '../security/rate-limit'

export async function readSiteSettings(deps: Deps): Promise<SiteSettings> {
  const { rows } = await deps.db.query<{ key: string; value: string }>('select key, value from site_setting')
  const v = Object.fromEntries(rows.map((r) => [r.key, r.value]))
  return {
    client_website_beian: v.client_website_beian ?? '',
    login_page: v.login_page ?? '',
    client_name: v.client_name ?? '',
    show_language: Number(v.show_language ?? 1),
    logo: v.logo ?? '',
    logoType: v.logoType ?? '',
  }
}

/** The calls the login page makes before anyone is signed in. */
export function publicRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  // The spec also sends a {hash} body; settings are the same for every caller, so it is accepted and ignored.
  operation(r, '/setting/getClientWebSiteBeian', async (c) => ok(c, await readSiteSettings(deps)))

  // The server names each captcha (its name is the sign-in forms' one-time nonce); a caller-chosen name could be
  // drawn again after use. Limited per address, and each address keeps a bounded number live (captcha.ts).
  operation(r, '/code/captcha', async (c) => {
    const address = addressKey(clientIp(c, deps.config.trustProxy))
    await consumeRate(deps, 'captchaAddress', address)
    c.header('cache-control', 'no-store')
    return ok(c, await issueCaptcha(deps.db, address))
  })

  return r
}
