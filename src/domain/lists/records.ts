import { z } from 'zod'
import { PERM_INTL_PRICE } from '../auth'
import { OPERATORS } from '../operators'
import { wordsColumn, type ColumnWordKey } from './column-words'
import { STATUS_LABELS } from './status-words'
import { dateRangeShape, downloadFormatShape, listQuerySchema, searchInt, searchMonth, searchText, type HeaderWords } from './query'

/*
 * Record lists (spec sections 2, 3, 4, 7): sent records (MT), uplink records (MO), interaction records and
 * short-link sends. Endpoints:
 *   /mtRecord/list      ordinary sent records (prod_type 0; a prod_type in the payload is ignored)
 *   /newMtRecord/list   prod_type 2 video, 6 csp, and 1 international (the spec names only 2 and 6; international
 *                       rides on the same endpoint because its rows are sent records with country and price)
 *   /moRecord/list      uplink records, prod_type 0 (default), 2 or 6
 *   /interact/list      uplink records with the whole content (interaction), prod_type as /moRecord/list
 *   /shortChainTool/list  ordinary sends that carried a promotion link
 * Each has a download twin (`…/download`) taking the same search plus `format`.
 *
 * Time window: without start_time, end_time and month the server searches the 7 days up to now (the console's
 * "last week" shortcut), so a list over millions of rows never scans the whole table by default. A month filter
 * (yyyyMM) alone selects that calendar month; with a range both apply.
 */

export const PROD_ORDINARY = 0
export const PROD_INTERNATIONAL = 1
export const PROD_VIDEO = 2
export const PROD_CSP = 6

/** Days searched when the payload names no time window. */
export const DEFAULT_WINDOW_DAYS = 7

// ---- send status (spec section 4) ----

export type MtSendStatusKey = 'success' | 'timeout' | 'waiting' | 'review' | 'failure'
export const MT_STATUS_SUCCESS = 0
export const MT_STATUS_REVIEW = 100
export const MT_STATUS_WAITING = 500
export const MT_STATUS_TIMEOUT = 600
/** Filter value meaning every failure code (anything not success, review, waiting or timeout). */
export const MT_STATUS_FAILURE = 700
/**
 * A record its sender cancelled before it went to the carrier (server/batch/cancel.ts), with the code CANCELLED and
 * its price refunded: a failure as every status outside the four above, so the counters count it sent (out of the
 * queue, as the spec's waiting = submitted − sent needs) and failed (not delivered).
 */
export const MT_STATUS_CANCELLED = 800

/** The send status of a sent record; null when the status is hidden (showClientStatus 0 blanks mt_status). */
export function mtSendStatus(row: { mt_status: number | null; report_result?: number | null }): MtSendStatusKey | null {
  if (row.mt_status === null || row.mt_status === undefined) return null
  if (row.mt_status === MT_STATUS_SUCCESS && row.report_result === 0) return 'success'
  if (row.mt_status === MT_STATUS_TIMEOUT) return 'timeout'
  if (row.mt_status === MT_STATUS_WAITING) return 'waiting'
  if (row.mt_status === MT_STATUS_REVIEW) return 'review'
  return 'failure'
}

/**
 * Every send status a sent record can show (mtSendStatus), with the code the status filter sends for it, in the
 * spec's order and the report time-out after it: the one list the grid's status words, the filter's choices and the
 * search schema's accepted codes all come from, so the filter offers whatever the grid can show.
 */
export const MT_SEND_STATUSES = [
  { value: MT_STATUS_SUCCESS, key: 'success' },
  { value: MT_STATUS_FAILURE, key: 'failure' },
  { value: MT_STATUS_WAITING, key: 'waiting' },
  { value: MT_STATUS_REVIEW, key: 'review' },
  { value: MT_STATUS_TIMEOUT, key: 'timeout' },
] as const satisfies readonly { value: number; key: MtSendStatusKey }[]
/** Each key of MtSendStatusKey is in MT_SEND_STATUSES (a status added to one and not the other fails to compile). */
type Unlisted = Exclude<MtSendStatusKey, (typeof MT_SEND_STATUSES)[number]['key']>
export const EVERY_STATUS_LISTED: [Unlisted] extends [never] ? true : never = true
/** The status filter's choices: every status the grid shows. */
export const MT_STATUS_FILTER = MT_SEND_STATUSES
const STATUS_VALUES: readonly number[] = MT_SEND_STATUSES.map((s) => s.value)

export type ClickStatusKey = 'clicked' | 'unclicked'
export const CLICK_STATUS_FILTER = [
  { value: 1, key: 'clicked' },
  { value: 0, key: 'unclicked' },
] as const satisfies readonly { value: number; key: ClickStatusKey }[]

/** Price of an international record is sent only to holders of this permission (spec section 6). */
export const INTL_PRICE_PERMISSION = PERM_INTL_PRICE

// ---- search schemas ----

export const OPERATOR_FILTER = [...OPERATORS, 'other'] as const

const statusFilter = searchInt().refine((v) => v === undefined || STATUS_VALUES.includes(v), { message: 'status' })
const timeShape = { ...dateRangeShape, month: searchMonth() }

/** Fields every sent-record search has. `cus_id` is honoured for administrators only; `content` only with showContentFilterWhere. */
const mtSearchShape = {
  cus_id: searchText(64),
  mobile: searchText(32),
  batch_id: searchText(64),
  status: statusFilter,
  content: searchText(),
  /** A carrier report code (a batch page's failure group drills into its records with it); a status filter's rules. */
  report_code: searchText(32),
  /** The numbers of one operator's segments (operators.ts), or of none: `other`. */
  operator: searchText(16).refine((v) => v === undefined || (OPERATOR_FILTER as readonly string[]).includes(v), { message: 'operator' }),
  ...timeShape,
}

export const mtRecordSearchSchema = listQuerySchema.extend(mtSearchShape)
export type MtRecordSearch = z.infer<typeof mtRecordSearchSchema>

export const NEW_MT_PROD_TYPES = [PROD_INTERNATIONAL, PROD_VIDEO, PROD_CSP] as const
export const newMtRecordSearchSchema = listQuerySchema.extend({
  ...mtSearchShape,
  prod_type: z.coerce.number().pipe(z.union(NEW_MT_PROD_TYPES.map((p) => z.literal(p)))).default(PROD_VIDEO),
  /** International: ISO code (e.g. 'US') of the destination country. */
  country: searchText(8),
})
export type NewMtRecordSearch = z.infer<typeof newMtRecordSearchSchema>

export const MO_PROD_TYPES = [PROD_ORDINARY, PROD_VIDEO, PROD_CSP] as const
const moProd = z.coerce.number().pipe(z.union(MO_PROD_TYPES.map((p) => z.literal(p)))).default(PROD_ORDINARY)
export const moRecordSearchSchema = listQuerySchema.extend({
  prod_type: moProd,
  cus_id: searchText(64),
  mobile: searchText(32),
  content: searchText(),
  ...timeShape,
})
export type MoRecordSearch = z.infer<typeof moRecordSearchSchema>

export const interactSearchSchema = moRecordSearchSchema
export type InteractSearch = MoRecordSearch

export const shortLinkSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  mobile: searchText(32),
  status: statusFilter,
  content: searchText(),
  /** 1 clicked, 0 not clicked. */
  click_status: searchInt().refine((v) => v === undefined || v === 0 || v === 1, { message: 'click_status' }),
  ...timeShape,
})
export type ShortLinkSearch = z.infer<typeof shortLinkSearchSchema>

/** Download payloads: the list's search plus `format` (paging fields are ignored). */
export const mtRecordDownloadSchema = mtRecordSearchSchema.extend(downloadFormatShape)
export const newMtRecordDownloadSchema = newMtRecordSearchSchema.extend(downloadFormatShape)
export const moRecordDownloadSchema = moRecordSearchSchema.extend(downloadFormatShape)
export const interactDownloadSchema = interactSearchSchema.extend(downloadFormatShape)
export const shortLinkDownloadSchema = shortLinkSearchSchema.extend(downloadFormatShape)

// ---- rows (times are ISO-8601 strings; month is yyyyMM in the platform's zone) ----

export const mtRecordRowSchema = z.object({
  sn: z.number(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  month: z.string(),
  /** null when the user's showClientStatus is 0, like report_result, report_result_desc and report_time. */
  mt_status: z.number().nullable(),
  report_result: z.number().nullable(),
  /** The spec's errDesc. */
  report_result_desc: z.string().nullable(),
  receive_time: z.string(),
  report_time: z.string().nullable(),
  batch_id: z.string().nullable(),
  /** Video subject / csp template name; null for ordinary and international. */
  title: z.string().nullable().optional(),
  template_name: z.string().nullable().optional(),
  /** International only. */
  country: z.string().nullable().optional(),
  countryName: z.string().nullable().optional(),
  /** International only, and only with INTL_PRICE_PERMISSION; priceStr has four decimals. */
  price: z.number().optional(),
  priceStr: z.string().optional(),
  /** The number is on the sending enterprise's opt-out list now (the list pages; files leave it out). */
  opted_out: z.boolean().optional(),
})
export type MtRecordRow = z.infer<typeof mtRecordRowSchema>

export const moRecordRowSchema = z.object({
  sn: z.number(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number(),
  src_calling_number: z.string(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  deliver_time: z.string(),
  /** The number is on the enterprise's opt-out list now (the list pages). */
  opted_out: z.boolean().optional(),
})
export type MoRecordRow = z.infer<typeof moRecordRowSchema>

export const interactRowSchema = moRecordRowSchema.extend({ decodeWholeContent: z.string() })
export type InteractRow = z.infer<typeof interactRowSchema>

export const shortLinkRowSchema = z.object({
  sn: z.number(),
  cus_id: z.string(),
  cus_name: z.string(),
  mt_status: z.number().nullable(),
  report_result: z.number().nullable(),
  report_result_desc: z.string().nullable(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  mtLonglink: z.string(),
  /** The clicked marker: click_time is set. */
  clicked: z.boolean(),
  click_time: z.string().nullable(),
  osystem: z.string().nullable(),
  browser: z.string().nullable(),
  receive_time: z.string(),
})
export type ShortLinkRow = z.infer<typeof shortLinkRowSchema>

// ---- sort whitelists (row field names; the server maps them to columns and appends sn) ----

export const MT_RECORD_SORTABLE = ['receive_time', 'report_time', 'cus_id', 'decodeMobile', 'batch_id', 'mt_status'] as const
export const NEW_MT_RECORD_SORTABLE = [...MT_RECORD_SORTABLE, 'country', 'price'] as const
export const MO_RECORD_SORTABLE = ['deliver_time', 'cus_id', 'decodeMobile', 'src_calling_number'] as const
export const INTERACT_SORTABLE = MO_RECORD_SORTABLE
export const SHORT_LINK_SORTABLE = ['receive_time', 'click_time', 'cus_id', 'decodeMobile'] as const

// ---- download columns (same fields as the grid; header words for the file, in both languages) ----

export interface DownloadColumn {
  field: string
  header: HeaderWords
}
const col = (field: string, key: ColumnWordKey): DownloadColumn => wordsColumn(field, key)

/** The send and click statuses' words, as the grid's status cells say them (src/domain/lists/status-words.ts). */
export const STATUS_WORDS: Record<MtSendStatusKey | ClickStatusKey, HeaderWords> = STATUS_LABELS

const MT_HEAD = [col('cus_id', 'account'), col('cus_name', 'accountName'), col('decodeMobile', 'mobile'),
  col('decodeContent', 'content'), col('month', 'month')]
const MT_STATUS_COLS = [col('status', 'sendStatus'), col('report_result_desc', 'statusDesc')]
const MT_TIMES = [col('receive_time', 'submitTime'), col('report_time', 'reportTime'), col('batch_id', 'batchId')]

/** Columns of a sent-record file per product; `status` is the send status in words, blank when hidden. */
export function mtDownloadColumns(prodType: number, withPrice: boolean): DownloadColumn[] {
  const extra =
    prodType === PROD_VIDEO ? [col('title', 'subject')]
    : prodType === PROD_CSP ? [col('template_name', 'templateName')]
    : prodType === PROD_INTERNATIONAL ? [col('countryName', 'country'), ...(withPrice ? [col('priceStr', 'price')] : [])]
    : []
  return [...MT_HEAD, ...MT_STATUS_COLS, ...MT_TIMES, ...extra]
}

export const MO_DOWNLOAD_COLUMNS: DownloadColumn[] = [col('cus_id', 'account'), col('cus_name', 'accountName'),
  col('src_calling_number', 'callingNumber'), col('decodeMobile', 'mobile'), col('decodeContent', 'content'),
  col('deliver_time', 'uplinkTime')]
export const INTERACT_DOWNLOAD_COLUMNS: DownloadColumn[] = [...MO_DOWNLOAD_COLUMNS, col('decodeWholeContent', 'wholeContent')]
export const SHORT_LINK_DOWNLOAD_COLUMNS: DownloadColumn[] = [col('cus_id', 'account'), col('cus_name', 'accountName'),
  col('status', 'sendStatus'), col('decodeMobile', 'mobile'), col('decodeContent', 'content'),
  col('mtLonglink', 'promotionLink'), col('clickedText', 'clickStatus'), col('click_time', 'clickTime'),
  col('osystem', 'osystem'), col('browser', 'browser'), col('receive_time', 'submitTime')]
