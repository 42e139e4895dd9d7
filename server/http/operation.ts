import type { Context, Env, Hono, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { fieldErrors } from '../../src/domain/field-errors'
import { operationAt, type Operation, type OperationAt, type OperationPath } from '../../src/domain/operations'
import { ApiError, fieldError } from './envelope'

/** How a route words an input its operation's schema refuses. */
export type Refusal = (error: z.ZodError, raw: unknown) => ApiError

/** The general refusal, 400 badRequest, with the envelope's `type` when given (the sign-in forms' LOGIN_FAILED). */
export const badRequest = (type?: number): Refusal => () => new ApiError(400, 'badRequest', {}, type)

/** A 400 naming each bad field and its rule (`data.fields`): the form marks them and focuses the first. */
export const byField: Refusal = (error, raw) => fieldError('fieldsInvalid', fieldErrors(error, raw))

/** A multipart call's input: its `payload` field through the schema, and the parsed form for the file parts. */
export interface FormInput<T> {
  payload: T
  form: Record<string, string | File>
}

type InputOf<Q> = Q extends { kind: 'json' | 'query'; schema: infer S extends z.ZodType }
  ? z.output<S>
  : Q extends { kind: 'multipart'; schema: infer S extends z.ZodType } ? FormInput<z.output<S>> : undefined

/**
 * Reads the request through the operation's own schema (`Reader` for a handler shared by several operations). Called by the handler, not before it, so what a route checks
 * first (a product, a rate, an administrator) still answers before a malformed body does.
 */
export type Reader<T> = (refuse?: Refusal) => Promise<T>
export type Input<P extends OperationPath> = Reader<InputOf<OperationAt<P>['request']>>
export type OperationHandler<E extends Env, P extends OperationPath> = (c: Context<E>, input: Input<P>) => Response | Promise<Response>

function parsed(schema: z.ZodType, raw: unknown, refuse: Refusal): unknown {
  const result = schema.safeParse(raw)
  if (!result.success) throw refuse(result.error, raw)
  return result.data
}

/**
 * The JSON body. Only a JSON content type is read: a cross-site form cannot send one without a preflight, which keeps
 * the cookie fallback from enabling CSRF; anything unreadable is `{}` (refused by the schema, never a 500). A DELETE
 * may name its fields in the query instead. A signed call's body was read whole to hash it (signed-api/signature.ts)
 * and is parsed from those bytes, whatever its content type.
 */
async function jsonOf(c: Context, op: Operation): Promise<unknown> {
  if (op.auth === 'signature') {
    const text = new TextDecoder().decode((c as Context<{ Variables: { openBody: Uint8Array } }>).get('openBody'))
    try {
      return text.trim() ? JSON.parse(text) : {}
    } catch {
      throw new ApiError(400, 'badRequest')
    }
  }
  const raw: unknown = /\bjson\b/i.test(c.req.header('content-type') ?? '') ? await c.req.json().catch(() => ({})) : {}
  if (op.method === 'delete') return { ...c.req.query(), ...(raw as object) }
  return raw ?? {}
}

/** The `payload` field of a form: JSON text; absent on a media upload it is `{}` (its fields are optional). */
function payloadOf(form: Record<string, string | File>, media: boolean): unknown {
  const raw = form.payload
  if (raw === undefined) return media ? {} : undefined
  try {
    return typeof raw === 'string' ? JSON.parse(raw) : undefined
  } catch {
    return undefined
  }
}

async function inputOf(c: Context, op: Operation, refuse: Refusal): Promise<unknown> {
  const r = op.request
  switch (r.kind) {
    case 'none':
      return undefined
    case 'query':
      return parsed(r.schema, c.req.query(), refuse)
    case 'json':
      return parsed(r.schema, await jsonOf(c, op), refuse)
    case 'multipart': {
      if (!c.req.header('content-type')?.startsWith('multipart/form-data')) throw new ApiError(400, r.media ? 'materialNoFile' : 'badRequest')
      const form = (await c.req.parseBody().catch(() => null)) as Record<string, string | File> | null
      if (!form) throw new ApiError(400, 'badRequest')
      return { payload: parsed(r.schema, payloadOf(form, r.media === true), refuse), form }
    }
  }
}

const SERVES = Symbol('operation')

/** The operation a handler Hono registered serves, if it was registered by `operation`. */
export const servedBy = (handler: unknown): Operation | undefined => (handler as { [SERVES]?: Operation } | undefined)?.[SERVES]

/**
 * Registers the route of the operation at `path` (src/domain/operations.ts), its method and path taken from it, and
 * hands the handler its input read through the operation's schema: the one the OpenAPI document, generated from the
 * handlers Hono serves (routes/openapi.ts), shows for it.
 */
export function operation<E extends Env, P extends OperationPath>(
  r: Hono<E>, path: P, ...handlers: [...MiddlewareHandler<E>[], OperationHandler<E, P>]
): void {
  const op: Operation = operationAt(path)
  if (!op) throw new Error(`no operation at ${path}`)
  const middleware = handlers.slice(0, -1) as MiddlewareHandler<E>[]
  const handler = handlers[handlers.length - 1] as OperationHandler<E, P>
  const input = (c: Context<E>): Input<P> => (refuse = badRequest()) => inputOf(c, op, refuse) as never
  const serve = Object.assign((c: Context<E>) => handler(c, input(c)), { [SERVES]: op })
  // Hono's `on` overloads do not take a spread of middleware followed by a handler; the registration is the same.
  const on = r.on.bind(r) as (method: string, path: string, ...h: unknown[]) => unknown
  on(op.method.toUpperCase(), op.path, ...middleware, serve)
}

/** The operations `app` serves, each once, in the order its routes were registered. */
export const servedOperations = (app: { routes: { handler: unknown }[] }): Operation[] =>
  [...new Set(app.routes.map((r) => servedBy(r.handler)).filter((op) => op !== undefined))]
