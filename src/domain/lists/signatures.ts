import { z } from 'zod'
import { INTEGER } from '../input'
import { SIGNATURE_SOURCES } from '../signatures'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'

/** /signature/list: an enterprise's applications (a sub-account sees its enterprise's), every account's for an administrator. */
export const signatureSearchSchema = listQuerySchema.extend({
  /** One application by its id (a review notice opens the list on it, `?id=`). */
  id: searchInt(INTEGER),
  cus_id: searchText(64),
  name: searchText(30),
  status: searchInt(),
  ...dateRangeShape,
})
export type SignatureSearch = z.infer<typeof signatureSearchSchema>

export const signatureRowSchema = z.object({
  id: z.number(),
  /** the enterprise that owns it */
  cus_id: z.string(),
  name: z.string(),
  source: z.enum(SIGNATURE_SOURCES),
  proof_material_id: z.number().nullable(),
  /** the proof file's name as uploaded ('' without one) */
  proof_name: z.string(),
  remark: z.string(),
  status: z.number(),
  /** why it was refused ('' otherwise) */
  result_desc: z.string(),
  check_time: z.string().nullable(),
  create_time: z.string(),
})
export type SignatureRow = z.infer<typeof signatureRowSchema>
export const SIGNATURE_SORTABLE = ['create_time', 'check_time', 'name'] as const
