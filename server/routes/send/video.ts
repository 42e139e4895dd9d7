import { Hono } from 'hono'
import type { Deps } from '../../config'
import type { AppEnv } from '../../http/session'

export function videoSendRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  void deps
  return r
}
