import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiEnvelope } from '../../src/domain/api'
import type { Locale } from '../../src/domain/constants'
import { pickLocale, serverMessage, type ServerMessage } from '../../src/domain/messages'

/** A refusal a route throws; the app turns it into the envelope with `code` = HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: ServerMessage,
    readonly vars: Record<string, string | number> = {},
    readonly type?: number,
    /** Goes out as the envelope's `data` (e.g. `{ fields }` naming what was wrong per field), else null. */
    readonly data: unknown = null,
  ) {
    super(key)
  }
}

export const localeOf = (c: Context): Locale => pickLocale(c.req.header('accept-language'))

export function ok<T>(c: Context, data: T, key: ServerMessage = 'ok', extra: Partial<ApiEnvelope<T>> = {}) {
  const body: ApiEnvelope<T> = { code: 200, msg: serverMessage(key, localeOf(c)), data, ...extra }
  return c.json(body, 200)
}

export function fail(c: Context, err: ApiError) {
  const body: ApiEnvelope<unknown> = { code: err.status, msg: serverMessage(err.key, localeOf(c), err.vars), data: err.data }
  if (err.type !== undefined) body.type = err.type
  return c.json(body, err.status)
}

/** A 400 naming each bad field and its rule (`data.fields`): the form marks them and focuses the first. */
export const fieldError = (key: ServerMessage, fields: Record<string, string>) => new ApiError(400, key, {}, undefined, { fields })

