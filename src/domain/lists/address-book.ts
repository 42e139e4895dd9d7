import { z } from 'zod'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'
import { INTEGER } from '../input'

/** Address book contacts and groups: /addressBook/list, /addressBook/groupList, download /addressBook/download. */

export const contactSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  group_id: searchInt(INTEGER),
  name: searchText(64),
  mobile: searchText(20),
  ...dateRangeShape,
})
export type ContactSearch = z.infer<typeof contactSearchSchema>

export const contactRowSchema = z.object({
  id: z.number(),
  cus_id: z.string(),
  group_id: z.number(),
  groupName: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  job_number: z.string(),
  /** 0 unknown, 1 male, 2 female */
  gender: z.number(),
  /** yyyy-MM-dd */
  birthday: z.string().nullable(),
  remark: z.string(),
  create_time: z.string(),
  /** The mobile is on the enterprise's opt-out list (the list pages). */
  opted_out: z.boolean().optional(),
})
export type ContactRow = z.infer<typeof contactRowSchema>
export const CONTACT_SORTABLE = ['create_time', 'name', 'mobile'] as const

export type GenderKey = 'genderUnknown' | 'genderMale' | 'genderFemale'
export const genderKey = (g: number): GenderKey => (g === 1 ? 'genderMale' : g === 2 ? 'genderFemale' : 'genderUnknown')
export const GENDER_FILTER = [
  { value: 1, key: 'genderMale' },
  { value: 2, key: 'genderFemale' },
  { value: 0, key: 'genderUnknown' },
] as const

export const groupSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  group_name: searchText(64),
})
export type GroupSearch = z.infer<typeof groupSearchSchema>

export const groupRowSchema = z.object({
  group_id: z.number(),
  cus_id: z.string(),
  group_name: z.string(),
  member_count: z.number(),
  remark: z.string(),
  create_time: z.string(),
})
export type GroupRow = z.infer<typeof groupRowSchema>
export const GROUP_SORTABLE = ['create_time', 'group_name', 'member_count'] as const
export const GROUP_TOTALS = ['member_count'] as const
