import { Hono } from 'hono'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { contentTemplateRoutes } from './content-routes'
import { cspTemplateRoutes } from './csp-routes'
import { videoTemplateRoutes } from './video-routes'

/** Template writes, details, downloads and reviews; the lists are routes/lists/templates.ts. */
export function templateWriteRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  for (const routes of [contentTemplateRoutes, cspTemplateRoutes, videoTemplateRoutes]) r.route('/', routes(deps))
  return r
}
