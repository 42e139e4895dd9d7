import { Hono } from 'hono'
import type { SiteSettings } from '../../src/domain/auth'
import type { Deps } from '../config'
import { ApiError, ok } from '../http/envelope'
import type { AppEnv } from '../http/session'
import { createCaptcha } from '../security/captcha'

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
  r.post('/setting/getClientWebSiteBeian', async (c) => ok(c, await readSiteSettings(deps)))

  r.get('/code/image', async (c) => {
    const redomStr = c.req.query('redomStr') ?? ''
    if (redomStr.length < 8 || redomStr.length > 64) throw new ApiError(400, 'badRequest')
    const svg = await createCaptcha(deps.db, redomStr)
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' })
  })

  return r
}
