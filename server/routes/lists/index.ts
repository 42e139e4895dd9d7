import { Hono } from 'hono'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { accountListRoutes } from './accounts'
import { addressBookRoutes } from './address-book'
import { crudRoutes } from './crud'
import { numberCheckRoutes } from './number-check'
import { onlineCheckRoutes } from './number-check-online'
import { ueCheckRoutes } from './number-check-ue'
import { rechargeRoutes } from './recharge'
import { failureRoutes } from './failures'
import { statsRoutes } from './stats'
import { templateRoutes } from './templates'
import { timedRoutes } from './timed'

/** Statistics, timed batches, recharges, templates, address book, number check, account lists and the crud sample. */
export function listRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  for (const routes of [statsRoutes, failureRoutes, timedRoutes, rechargeRoutes, templateRoutes, addressBookRoutes, numberCheckRoutes, onlineCheckRoutes, ueCheckRoutes, accountListRoutes, crudRoutes]) {
    r.route('/', routes(deps))
  }
  return r
}
