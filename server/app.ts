import { Hono } from 'hono'
import { API_PREFIX } from '../src/domain/api'
import { OPERATIONS } from '../src/domain/operations'
import type { Deps } from './deps'
import { isTrustedOrigin, originGuard } from './http/csrf'
import { hostGuard } from './http/host-guard'
import { ApiError, fail } from './http/envelope'
import { faultAnswer } from './http/faults'
import { servedOperations } from './http/operation'
import { jsonBodyLimit, lightCors } from './http/light-middleware'
import { refuseMalformedPath } from './http/malformed-path'
import { securityHeaders } from './http/security-headers'
import { requestLog, requestLogging } from './http/request-log'
import { healthRoutes } from './ops/health'
import { routePath } from 'hono/route'
import type { AppEnv } from './http/env'
import { accountRoutes } from './routes/account'
import { auditRoutes } from './routes/audit'
import { auditSource } from './audit/context'
import { customerAdminRoutes } from './routes/customers'
import { appSecretRoutes } from './routes/app-secret'
import { balanceWarnRoutes } from './routes/balance-warn'
import { failureAlertRoutes } from './routes/failure-alert'
import { marketingRoutes } from './routes/marketing'
import { optOutRoutes } from './routes/opt-outs'
import { interactRoutes } from './routes/interact'
import { listRoutes } from './routes/lists'
import { loginRoutes } from './routes/login'
import { menuRoutes } from './routes/menu'
import { homeRoutes } from './routes/home'
import { noticeRoutes } from './routes/notices'
import { openApiRoutes } from './routes/openapi'
import { registerRoutes } from './routes/register'
import { sessionRoutes } from './routes/session'
import { pushRoutes } from './routes/push'
import { recordRoutes } from './routes/records'
import { batchRoutes } from './routes/batch'
import { sendRoutes } from './routes/send'
import { shortLinkRedirectRoutes } from './routes/send/link'
import { signedApiRoutes } from './routes/signed-api'
import { publicRoutes } from './routes/setting'
import { smsLoginRoutes } from './routes/sms-login'
import { twoFactorRoutes } from './routes/two-factor'
import { allowedAddressRoutes } from './routes/allowed-addresses'
import { apiKeyRoutes } from './routes/api-keys'
import { staticRoutes } from './routes/static'
import { templateWriteRoutes } from './routes/templates'
import { userSettingsRoutes } from './routes/user-settings'
import { materialRoutes } from './routes/materials'
import { signatureRoutes } from './routes/signatures'
import { makeDeps, type AppOptions } from './make-deps'

const JSON_LIMIT_BYTES = 2 * 1024 * 1024

/** The calls that take a multipart form (operations.ts), by full path. */
const FORM_PATHS = new Set(OPERATIONS.filter((o) => o.request.kind === 'multipart').map((o) => `${API_PREFIX}${o.path}`))

/** The server's routes over `opts`: a Deps built at start (makeDeps), or the parts a test gives, completed here. */
export function createApp(opts: AppOptions | Deps) {
  const deps = makeDeps(opts)
  const config = deps.config

  const api = new Hono<AppEnv>()
  // A console built once may be served from another host (config.js names this API): that host goes in
  // ALLOWED_ORIGINS. Other origins get no CORS grant by default: the token sits in a script-readable cookie, which
  // pages on another port of the same host can read, so a `*` grant would let such a page read the API with it.
  // CORS_ORIGIN=* opts back in. Writes from pages of other origins are refused by originGuard either way.
  const corsOrigin = (origin: string) =>
    config.corsOrigin === '*' ? '*' : origin && isTrustedOrigin(origin, config) ? origin : null
  api.use('*', lightCors({ origin: corsOrigin, allowHeaders: ['Content-Type', 'Authorization', 'Accept-Language'], exposeHeaders: ['Content-Disposition', 'X-Total-Count', 'X-Request-Id'], maxAge: 600 }))
  api.use('*', originGuard(config))
  // Where each request came from, for the audit entries its writes make (server/audit).
  api.use('*', auditSource(config.trustProxy))
  // JSON calls are small. Only the calls that take files read a form, each under its own larger limit; a form sent
  // to any other call is refused unread (415) rather than passed to a route that has no limit of its own.
  const jsonLimit = jsonBodyLimit(JSON_LIMIT_BYTES, (c) => fail(c, new ApiError(413, 'badRequest')))
  api.use('*', async (c, next) => {
    if (!c.req.header('content-type')?.startsWith('multipart/')) return jsonLimit(c, next)
    return FORM_PATHS.has(c.req.path) ? next() : fail(c, new ApiError(415, 'badRequest'))
  })
  for (const routes of [publicRoutes, loginRoutes, smsLoginRoutes, registerRoutes, sessionRoutes, menuRoutes, accountRoutes, userSettingsRoutes, pushRoutes, recordRoutes, listRoutes, sendRoutes]) {
    api.route('/', routes(deps))
  }
  // Customer administration and an enterprise's sub-accounts (routes/customers.ts).
  api.route('/', customerAdminRoutes(deps))
  // Public interaction pages' calls (no token; rate-limited per address and page, routes/interact.ts).
  api.route('/', interactRoutes(deps))
  // Calls of customers' systems, signed with the app secret instead of a session (routes/signed-api.ts).
  api.route('/', signedApiRoutes(deps))
  // Template writes, details, downloads and reviews (server/templates).
  api.route('/', templateWriteRoutes(deps))
  // The app secret, the balance warning and the bell.
  for (const routes of [appSecretRoutes, balanceWarnRoutes, noticeRoutes, optOutRoutes, marketingRoutes, twoFactorRoutes, allowedAddressRoutes, apiKeyRoutes, failureAlertRoutes]) api.route('/', routes(deps))
  // The home page's figures, batches, queues and notices in one answer.
  api.route('/', homeRoutes(deps))
  // Materials: uploads (their own body limits), the list, delete and media serving.
  api.route('/', materialRoutes(deps))
  api.route('/', signatureRoutes(deps))
  // The audit trail: its list and its download (server/audit writes the entries).
  api.route('/', auditRoutes(deps))
  // A batch after its send: its page, resends, cancel, failed numbers; a sent record in full (routes/batch.ts).
  api.route('/', batchRoutes(deps))
  api.route('/', openApiRoutes(() => servedOperations(api)))
  // Unknown API paths answer in the envelope too, not with the console's index.html.
  api.all('*', (c) => fail(c, new ApiError(404, 'notFound')))

  const app = new Hono()
  app.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err)
    const fault = faultAnswer(c, err)
    // A full disk or an unreachable database is the operator's to see, once per request, without a stack.
    if (fault) requestLog(c).warn({ err: { message: err.message, code: (err as { code?: unknown }).code }, method: c.req.method, route: routePath(c), status: fault.status }, 'request refused: the server cannot serve it now')
    else requestLog(c).error({ err, method: c.req.method, route: routePath(c) }, 'request failed')
    return fail(c, fault ?? new ApiError(500, 'unknown'))
  })
  app.use('*', requestLogging())
  app.use('*', securityHeaders(config))
  app.use('*', refuseMalformedPath)
  // Before every route, health and metrics included: a request for a host that is not this server's (DNS rebinding).
  app.use('*', hostGuard(config))
  app.route('/', healthRoutes(deps))
  app.route(API_PREFIX, api)
  app.route('/', shortLinkRedirectRoutes(deps))
  app.route('/', staticRoutes(config))
  return app
}
