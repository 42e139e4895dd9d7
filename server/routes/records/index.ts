import { Hono } from 'hono'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { moRoutes } from './mo'
import { mtRoutes } from './mt'
import { shortLinkRoutes } from './short-link'

/** Sent, uplink, interaction and short-link record lists with their downloads (src/domain/lists/records.ts). */
export function recordRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  for (const routes of [mtRoutes, moRoutes, shortLinkRoutes]) r.route('/', routes(deps))
  return r
}
