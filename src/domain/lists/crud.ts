import { z } from 'zod'
import { listQuerySchema, searchInt, searchText } from './query'
import { mobileText, safeText, serialId } from '../input'

/**
 * The spec's generic sample table: GET /crud/list?page&size, POST /crud/add, PUT /crud/update, DELETE /crud/delete.
 * It pages with `page`/`size` (the sample's own names), not pageNumber/pageSize.
 */

export const crudSearchSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  name: searchText(64),
  status: searchInt(),
})
export type CrudSearch = z.infer<typeof crudSearchSchema>

/** The list screen's URL search uses the shared paging names; the client maps them onto page/size. */
export const crudListSearchSchema = listQuerySchema.extend({ name: searchText(64), status: searchInt() })

export const crudFieldsSchema = z.object({
  name: safeText().trim().min(1).max(64),
  mobile: mobileText(),
  amount: z.coerce.number().min(0).max(1e9),
  /** 0 disabled, 1 enabled */
  status: z.coerce.number().int().min(0).max(1).default(1),
  remark: safeText().trim().max(500).default(''),
})
export type CrudFields = z.infer<typeof crudFieldsSchema>
export const crudAddSchema = crudFieldsSchema
export const crudUpdateSchema = crudFieldsSchema.extend({ id: serialId() })
export const crudDeleteSchema = z.object({ id: serialId() })

export const crudRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  amount: z.number(),
  status: z.number(),
  remark: z.string(),
  create_time: z.string(),
  update_time: z.string(),
})
export type CrudRow = z.infer<typeof crudRowSchema>

export type CrudStatusKey = 'crudEnabled' | 'crudDisabled'
export const crudStatusKey = (s: number): CrudStatusKey => (s === 1 ? 'crudEnabled' : 'crudDisabled')
