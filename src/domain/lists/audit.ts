import { z } from 'zod'
import { AUDIT_ACTION_NAMES, AUDIT_TARGETS, AUDIT_VIA, type AuditAction } from '../audit-actions'
import { dateRangeShape, listQuerySchema, searchEnum, searchText, type HeaderWords } from './query'

/**
 * /audit/list: the entries the caller may read (an administrator all, an enterprise its own and its sub-accounts',
 * a sub-account its own), newest first, filtered by who acted, the action, the target and the time.
 */
export const auditSearchSchema = listQuerySchema.extend({
  actor: searchText(64),
  action: searchEnum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]]),
  target_type: searchEnum(AUDIT_TARGETS),
  target_id: searchText(128),
  cus_id: searchText(64),
  ...dateRangeShape,
})
export type AuditSearch = z.infer<typeof auditSearchSchema>
export const auditDownloadSchema = auditSearchSchema.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') })

export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  changed: z.literal(true).optional(),
  cut: z.literal(true).optional(),
})

export const auditRowSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  cus_id: z.string().nullable(),
  enterprise_id: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_type: z.number().nullable(),
  api_key_id: z.string().nullable(),
  via: z.enum(AUDIT_VIA),
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  changes: z.array(auditChangeSchema),
})
export type AuditRow = z.infer<typeof auditRowSchema>

/**
 * A list's total is counted up to this many entries: past it the screen says "more than" and pages through these,
 * newest first; the download takes every entry of the filters.
 */
export const AUDIT_COUNT_CAP = 10_000

/** The one column the trail sorts by (the server's order: time, then the entry's id). */
export const AUDIT_SORTABLE = ['created_at'] as const

/** The columns of an audit download, in order, with their headers in both languages. */
export const AUDIT_FILE_HEADERS: Record<string, HeaderWords> = {
  created_at: { 'zh-CN': '时间', en: 'Time' },
  cus_id: { 'zh-CN': '账号', en: 'Account' },
  actor_id: { 'zh-CN': '操作人', en: 'Actor' },
  api_key_id: { 'zh-CN': 'API 密钥', en: 'API key' },
  via: { 'zh-CN': '来源', en: 'Via' },
  action: { 'zh-CN': '操作', en: 'Action' },
  target_type: { 'zh-CN': '对象类型', en: 'Target type' },
  target_id: { 'zh-CN': '对象', en: 'Target' },
  client_ip: { 'zh-CN': '地址', en: 'Address' },
  user_agent: { 'zh-CN': '客户端', en: 'User agent' },
  request_id: { 'zh-CN': '请求号', en: 'Request id' },
  changes: { 'zh-CN': '变更', en: 'Changes' },
}
