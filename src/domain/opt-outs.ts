import { z } from 'zod'
import { normaliseMobile } from './contact-import'
import { isPlainText, safeText } from './input'
import { MOBILE } from './mobile'
import { MAX_CONTENT_CHARS } from './send'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './lists/query'

/*
 * Opt-outs (退订管理): each enterprise keeps one suppression list of numbers its sends never reach, shared by its
 * sub-accounts (a recipient refuses the sender, whichever of its accounts sent). A reply whose whole content is one
 * of the enterprise's opt-out keywords puts the number on the list, one of its opt-back-in keywords takes it off;
 * people add, import and remove numbers by hand too. Every send is scrubbed against the list on the server
 * (server/opt-outs/store.ts): the numbers on it are not sent and not billed, and the batch counts them.
 */

/** The console's opt-out list (src/domain/menu-catalog.ts). */
export const OPT_OUT_LIST_PATH = '/opt-out/list'

/** Where an entry came from: a reply record, a manual add, an import, the signed API. */
export const OPT_OUT_SOURCE = { reply: 1, manual: 2, import: 3, api: 4 } as const
export type OptOutSourceKey = 'optOutReply' | 'optOutManual' | 'optOutImport' | 'optOutApi'
export const optOutSourceKey = (s: number): OptOutSourceKey =>
  s === 1 ? 'optOutReply' : s === 3 ? 'optOutImport' : s === 4 ? 'optOutApi' : 'optOutManual'
export const OPT_OUT_SOURCE_FILTER = [
  { value: 1, key: 'optOutReply' },
  { value: 2, key: 'optOutManual' },
  { value: 3, key: 'optOutImport' },
  { value: 4, key: 'optOutApi' },
] as const

/** Opt-out keywords until the enterprise sets its own (the forms Chinese carriers and platforms honour). */
export const DEFAULT_OUT_KEYWORDS = ['T', 'TD', '退订', 'N', 'R', 'STOP', 'UNSUBSCRIBE', '取消'] as const
export const DEFAULT_IN_KEYWORDS = ['订阅', 'START'] as const
export const KEYWORD_MAX_CHARS = 20
export const KEYWORDS_MAX = 30

/**
 * The one matching rule of keywords: a reply matches a keyword when both read the same after NFKC (full-width ＴＤ is
 * TD), surrounding white space dropped, and upper case (td is TD). Replies and keywords both go through it.
 */
export const keywordKey = (text: string): string => text.normalize('NFKC').trim().toUpperCase()

export interface KeywordSettings {
  out_keywords: readonly string[]
  in_keywords: readonly string[]
}

/** What a reply does to its number: 'out' (put on the list), 'in' (taken off) or null (nothing). */
export function replyAction(content: string, s: KeywordSettings): 'out' | 'in' | null {
  const key = keywordKey(content)
  if (!key) return null
  if (s.out_keywords.some((k) => keywordKey(k) === key)) return 'out'
  if (s.in_keywords.some((k) => keywordKey(k) === key)) return 'in'
  return null
}

const keyword = safeText().trim().min(1, { message: 'required' }).max(KEYWORD_MAX_CHARS, { message: 'tooLong' })
  .refine(isPlainText, { message: 'plainTextOnly' })

/** A keyword list: 1 … KEYWORDS_MAX keywords, none twice as the matching rule reads them. */
const keywordList = z.array(keyword).min(1, { message: 'required' }).max(KEYWORDS_MAX, { message: 'tooLong' })
  .superRefine((list, ctx) => {
    const keys = list.map(keywordKey)
    if (keys.some((k, i) => keys.indexOf(k) !== i)) ctx.addIssue({ code: 'custom', message: 'keywordDuplicate' })
  })

/** The enterprise's opt-out settings (/optOut/settings, /optOut/saveSettings): one schema for the form and the server. */
export const optOutSettingsSchema = z.object({
  out_keywords: keywordList,
  in_keywords: keywordList,
  /**
   * Sends of verification-code templates go to opted-out numbers too (a code someone asked for is not marketing).
   * Off by default.
   */
  exempt_verification: z.boolean(),
}).superRefine((s, ctx) => {
  // A word cannot both refuse and re-subscribe.
  const outs = new Set(s.out_keywords.map(keywordKey))
  if (s.in_keywords.some((k) => outs.has(keywordKey(k)))) ctx.addIssue({ code: 'custom', path: ['in_keywords'], message: 'keywordDuplicate' })
})
export type OptOutSettings = z.infer<typeof optOutSettingsSchema>
export const DEFAULT_OPT_OUT_SETTINGS: OptOutSettings = {
  out_keywords: [...DEFAULT_OUT_KEYWORDS], in_keywords: [...DEFAULT_IN_KEYWORDS], exempt_verification: false,
}

/** A keyword list as a settings form's text: one keyword a line (commas and 、 separate too). */
export const keywordsFromText = (text: string): string[] => text.split(/[\n,，、]+/).map((s) => s.trim()).filter(Boolean)

const INTERNATIONAL = /^\+?(?:00)?([1-9]\d{6,14})$/

/**
 * A number as people write it on the list: a mainland mobile (spaces, dashes, +86 dropped as the contact importer
 * does) or an international number written with + or 00 and its calling code, kept as its digits (as international
 * sends store them). null when it is neither.
 */
export function optOutNumber(text: string): string | null {
  const t = text.trim()
  const mobile = normaliseMobile(t)
  if (MOBILE.test(mobile)) return mobile
  if (!/^(\+|00)/.test(t)) return null
  const m = INTERNATIONAL.exec(t.replace(/[\s\-.()（）]/g, ''))
  return m ? m[1] : null
}

export const OPT_OUT_NOTE_MAX = 200

const number = safeText().trim().transform((v, ctx) => {
  const n = optOutNumber(v)
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: v ? 'mobileFormat' : 'mobileEmpty' })
    return z.NEVER
  }
  return n
})
const note = safeText().trim().max(OPT_OUT_NOTE_MAX, { message: 'tooLong' }).refine(isPlainText, { message: 'plainTextOnly' })

export const optOutAddSchema = z.object({ mobile: number, note: note.default('') })
export type OptOutAdd = z.input<typeof optOutAddSchema>
/** Numbers taken off the list, with the reason kept on each entry. */
export const optOutRemoveSchema = z.object({
  mobiles: z.array(safeText().trim().max(20)).min(1).max(1000),
  reason: note.min(1, { message: 'required' }),
})
export type OptOutRemove = z.input<typeof optOutRemoveSchema>

/** 1 on the list, 0 taken off (kept with its reason). */
export const OPT_OUT_STATUS_FILTER = [
  { value: 1, key: 'optOutActive' },
  { value: 0, key: 'optOutRemoved' },
] as const

export const optOutSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  mobile: searchText(20),
  source: searchInt(),
  status: searchInt(),
  ...dateRangeShape,
})
export type OptOutSearch = z.infer<typeof optOutSearchSchema>
export const OPT_OUT_SORTABLE = ['create_time', 'mobile'] as const

export const optOutRowSchema = z.object({
  ent_id: z.string(),
  mobile: z.string(),
  source: z.number(),
  /** The reply record (mo_record.sn) a reply entry came from. */
  mo_sn: z.number().nullable(),
  note: z.string(),
  added_by: z.string(),
  create_time: z.string(),
  /** 1 on the list, 0 removed. */
  status: z.number(),
  removed_at: z.string().nullable(),
  removed_reason: z.string(),
  removed_by: z.string(),
})
export type OptOutRow = z.infer<typeof optOutRowSchema>

/** The suppression-list import: rows of `line TAB number TAB note`, checked by the worker and again by the server. */
export const optOutImportUploadSchema = z.object({})
export const optOutImportCommitSchema = z.object({ upload_id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const OPT_OUT_IMPORT_FIELDS = ['mobile', 'note'] as const

export type OptOutRowCheck = { ok: true; mobile: string; note: string } | { ok: false; field: 'mobile' | 'note'; reason: 'mobileFormat' | 'mobileEmpty' | 'tooLong' | 'plainTextOnly' }

/** One import row (number, note) with the add form's rules. */
export function checkOptOutRow(cells: readonly string[]): OptOutRowCheck {
  const raw = (cells[0] ?? '').trim()
  const text = (cells[1] ?? '').replace(/\s+/g, ' ').trim()
  const mobile = optOutNumber(raw)
  if (mobile === null) return { ok: false, field: 'mobile', reason: raw ? 'mobileFormat' : 'mobileEmpty' }
  if (text.length > OPT_OUT_NOTE_MAX) return { ok: false, field: 'note', reason: 'tooLong' }
  if (!isPlainText(text)) return { ok: false, field: 'note', reason: 'plainTextOnly' }
  return { ok: true, mobile, note: text }
}

/** The numbers a send will not reach (/optOut/check), asked before the confirmation. */
export const optOutCheckSchema = z.object({
  cus_id: safeText().trim().max(64).optional(),
  template: safeText().optional(),
  /**
   * The text of a numbers send (bulk, link), as its payload's content: with the verification-code exemption on, an
   * approved verification-code template's text is not scrubbed, and the check answers none left out.
   */
  content: safeText().trim().max(MAX_CONTENT_CHARS).optional(),
  /**
   * The send's marketing mark and time, as its payload's (marketing.ts): a marketing send that goes now loses the
   * numbers that had the day's cap of the enterprise's marketing messages; a timed one (or one asked for outside the
   * marketing hours) is capped when it goes, and the check names none.
   */
  marketing: z.boolean().optional(),
  timing_time: z.string().datetime({ offset: true }).nullish(),
  /** An international send: the numbers are read as it reads them, and those left out come back per calling code. */
  international: z.boolean().optional(),
})
export const optOutCheckResultSchema = z.object({
  /** Numbers of the list that are opted out (distinct). */
  opted_out: z.number(),
  /** Those numbers, at most OPT_OUT_CHECK_SHOWN of them. */
  mobiles: z.array(z.string()),
  /** Numbers not opted out that the day's marketing cap removes, and the first OPT_OUT_CHECK_SHOWN of them. */
  over_cap: z.number(),
  over_cap_mobiles: z.array(z.string()),
  /** For a point-to-point rows file with its template: the messages the rows left out would have been billed. */
  messages: z.number(),
  /** An international send: the numbers left out (opted out or over the cap) per calling code, for its per-country cost. */
  calling_codes: z.record(z.string(), z.number()).optional(),
})
export type OptOutCheckResult = z.infer<typeof optOutCheckResultSchema>
export const OPT_OUT_CHECK_SHOWN = 1000

export const OPT_OUT_MESSAGES = {
  optOutAdded: { 'zh-CN': '已将 {mobile} 加入退订名单', en: '{mobile} added to the opt-out list' },
  optOutRemoved: { 'zh-CN': '已将 {count} 个号码移出退订名单', en: '{count} numbers taken off the opt-out list' },
  optOutNotFound: { 'zh-CN': '所选号码不在退订名单中，未做任何更改', en: 'The selected numbers are not on the opt-out list; nothing was changed' },
  optOutSettingsSaved: { 'zh-CN': '退订设置已保存', en: 'Opt-out settings saved' },
  optOutAllRemoved: {
    'zh-CN': '全部 {count} 个号码均已退订，未发送也未扣费',
    en: 'All {count} numbers have opted out; nothing was sent or billed',
  },
  optOutImportRowRefused: {
    'zh-CN': '第 {line} 行有误（{field}: {reason}），未导入任何号码',
    en: 'Line {line} is wrong ({field}: {reason}); no number was imported',
  },
  optOutImportNotRows: { 'zh-CN': '导入内容无法读取，未导入任何号码', en: 'The import could not be read; no number was imported' },
  optOutImportEmpty: { 'zh-CN': '没有可导入的号码', en: 'There is no number to import' },
  optOutImportTooMany: { 'zh-CN': '一次最多导入 {max} 个号码', en: 'At most {max} numbers can be imported at once' },
  optOutImportNotFound: { 'zh-CN': '导入不存在或已过期，请重新上传', en: 'The import does not exist or has expired; upload the file again' },
  optOutImportUploaded: { 'zh-CN': '已检查 {rows} 行，将新增 {add} 个退订号码', en: '{rows} rows checked; {add} numbers will be added to the opt-out list' },
  optOutImportDone: {
    'zh-CN': '已导入 {added} 个退订号码（{duplicates} 个已在名单中或重复）',
    en: '{added} numbers added to the opt-out list ({duplicates} already on it or repeated)',
  },
} as const
