import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { ApiEnvelope } from '../../src/domain/api'
import type { Locale } from '../../src/domain/constants'
import { fieldErrors } from '../../src/domain/field-errors'
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

/**
 * Parses the JSON body with a domain schema; anything unreadable is a 400, never a 500. Only a JSON content type is
 * read: a cross-site form cannot send one without a preflight, which keeps the cookie fallback from enabling CSRF.
 */
export async function body<S extends z.ZodType>(c: Context, schema: S, errType?: number): Promise<z.output<S>> {
  const json = /\bjson\b/i.test(c.req.header('content-type') ?? '')
  const raw: unknown = json ? await c.req.json().catch(() => ({})) : {}
  const parsed = schema.safeParse(raw ?? {})
  if (!parsed.success) throw new ApiError(400, 'badRequest', {}, errType)
  return parsed.data
}

/** A 400 naming each bad field and its rule (`data.fields`): the form marks them and focuses the first. */
export const fieldError = (key: ServerMessage, fields: Record<string, string>) => new ApiError(400, key, {}, undefined, { fields })

/** The JSON body through `schema`, refusing with every bad field named (see fieldError). */
export async function fieldsBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await body(c, z.unknown())
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw fieldError('fieldsInvalid', fieldErrors(parsed.error, raw))
  return parsed.data
}
