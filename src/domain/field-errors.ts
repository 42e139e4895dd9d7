import { z } from 'zod'
import { isErrorKey, type ErrorKey } from './validation'

/*
 * Field errors of a refused write, the same on both sides: the form computes them from the shared schema before it
 * sends, and the server answers a 400 with them in `data.fields`, each an ErrorKey of validation.ts (worded by the
 * console's LL.errors) or the key of the server message the envelope carries (shown as that message).
 */

/** `data` of a 400 that names the fields at fault. */
export const fieldErrorsSchema = z.object({ fields: z.record(z.string(), z.string()) })

/**
 * The fields of a failed parse of `input`, first issue of each, as ErrorKeys: what the server puts in a refusal's
 * `data.fields`. A field missing from the input is `required`; a wrong type or unstorable text is `invalidValue`.
 */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, ErrorKey> {
  const given = (input ?? {}) as Record<string, unknown>
  const out: Record<string, ErrorKey> = {}
  for (const i of error.issues) {
    const key = String(i.path[0] ?? '')
    if (!key || key in out) continue
    out[key] = isErrorKey(i.message) ? i.message : given[key] === undefined ? 'required' : 'invalidValue'
  }
  return out
}
