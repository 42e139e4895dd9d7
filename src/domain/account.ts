import { z } from 'zod'

/** One entry of the account selector, /user/getList {prodType} (spec section 6). */
export const accountOptionSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  user_type: z.number(),
  parent_id: z.string().nullable(),
})
export type AccountOption = z.infer<typeof accountOptionSchema>

export const accountListSchema = z.object({ prodType: z.coerce.number().int() })

/** A country of /user/getBusCtyList: calling code without "+", price per message. */
export const countrySchema = z.object({
  iso: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  calling_code: z.string(),
  price: z.number(),
})
export type Country = z.infer<typeof countrySchema>

/** /errorLog/upload: the console's local error log (spec section 2, Error-log dialog). */
export const errorLogEntrySchema = z.object({
  message: z.string().max(4000),
  stack: z.string().max(20000).optional().default(''),
  url: z.string().max(2000).optional().default(''),
  time: z.union([z.string(), z.number()]).optional().transform((t) => (t === undefined ? '' : String(t))),
})
export const errorLogUploadSchema = z.object({ logs: z.array(errorLogEntrySchema).max(500) })
export type ErrorLogEntry = z.input<typeof errorLogEntrySchema>
