import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { accountListSchema, errorLogUploadSchema } from '../../src/domain/account'
import { loginSchema, registerSchema, sendAuthCodeSchema, sendLoginCodeSchema, smsLoginSchema } from '../../src/domain/auth'
import { groupMobileDetailSchema, hasMemberGroupListSchema } from '../../src/domain/group-numbers'
import { accountSearchSchema } from '../../src/domain/lists/accounts'
import { contactSearchSchema, groupSearchSchema } from '../../src/domain/lists/address-book'
import { crudAddSchema, crudDeleteSchema, crudSearchSchema, crudUpdateSchema } from '../../src/domain/lists/crud'
import {
  checkStatSearchSchema, mobileStatusBatchSearchSchema, mobileStatusStatSearchSchema, mobileUeDownloadSchema, mobileUeSearchSchema,
} from '../../src/domain/lists/number-check'
import { downloadFormatShape } from '../../src/domain/lists/query'
import { rechargeSearchSchema } from '../../src/domain/lists/recharge'
import {
  interactDownloadSchema, interactSearchSchema, moRecordDownloadSchema, moRecordSearchSchema, mtRecordDownloadSchema, mtRecordSearchSchema,
  newMtRecordDownloadSchema, newMtRecordSearchSchema, shortLinkDownloadSchema, shortLinkSearchSchema,
} from '../../src/domain/lists/records'
import {
  batchMobileSearchSchema, batchSearchSchema, countryStatSearchSchema, dimeSearchSchema, gatheringSearchSchema, indexInfoSearchSchema,
  replyCountSearchSchema,
} from '../../src/domain/lists/stats'
import { contentTemplateSearchSchema, cspTemplateSearchSchema, videoTemplateSearchSchema } from '../../src/domain/lists/templates'
import { timedBatchSearchSchema, timedDetailSearchSchema, timedEditSchema, timedMobileDownloadSchema, timedOperationSchema } from '../../src/domain/lists/timed'
import { getMenuSchema } from '../../src/domain/menu'
import { groupPreviewSchema, groupSendSchema, P2P_SEND_PATH, p2pSendSchema, templateAddSchema } from '../../src/domain/send'
import { chatbotListRequestSchema, cspContentRequestSchema, cspSendSchema } from '../../src/domain/send-csp'
import { intlPreviewSchema, intlSendSchema } from '../../src/domain/send-intl'
import { linkInfoSchema, linkSendSchema, longToShortSchema, shortToLongSchema } from '../../src/domain/send-link'
import { videoSendSchema, videoTemplateRequestSchema } from '../../src/domain/send-video'

/*
 * The bad-input probe (server/routes/bad-input.test.ts): every route the API registers, the schema of its payload
 * (whose fields are probed one at a time) and a valid payload the bad value is put into.
 */

/**
 * Values an attacker tries in any field, in classes of three: the probe hands consecutive values to the three
 * callers in turn, so every caller meets every class in every field. `{ raw }` is written into the JSON text as is.
 */
export const BAD_VALUES: [string, unknown][] = [
  ['NUL inside', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['NUL at the end', 'acme\u0000'],
  ['lone surrogate', 'a\ud800b'],
  ['reversed surrogates', '\udc00\ud800'],
  ['BOM and right-to-left override', '\ufeffacme\u202e'],
  ['no such day', '2024-02-30'],
  ['day zero', '0000-00-00'],
  ['no such month and time', '2024-13-01 25:61'],
  ['hour 24', '2024-01-01 24:00:00'],
  ['ISO, no such day', '2099-02-30T10:00:00+08:00'],
  ['not a leap year', '2023-02-29'],
  ['last day there is', '9999-12-31'],
  ['first day there is', '0001-01-01 00:00:00'],
  ['leap day, last second', '2024-02-29 23:59:59'],
  ['past int4', 99999999999],
  ['past int8', { raw: '99999999999999999999' }],
  ['14 digits as text', '99999999999999'],
  ['negative past int4', -99999999999],
  ['2^53+1', { raw: '9007199254740993' }],
  ['fraction', 1.5],
  ['NaN as text', 'NaN'],
  ['1e400', { raw: '1e400' }],
  ['hex as text', '0x10'],
  ['array', ['a']],
  ['object', { a: 1 }],
  ['boolean', true],
  ['10k characters', 'x'.repeat(10_000)],
  ['empty', ''],
  ['null', null],
]

export interface Probe {
  path: string
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The payload's schema: each of its fields is probed. */
  schema?: z.ZodObject
  /** A valid payload (ids: rows of the seeded demo data). */
  base?: (ids: Record<string, string | number>) => Record<string, unknown>
  /** Multipart send: `payload` JSON field + this file part. */
  form?: 'numbers' | 'rows'
  file?: string
  /** Files tried in the file part. */
  badFiles?: string[]
  /** The payload goes in the query string. */
  query?: boolean
  /** Ends the session it is called with (refresh, log-out). */
  endsSession?: boolean
  /** Its success answer is a document of its own (OpenAPI), not the envelope. */
  document?: boolean
  /** Called without a session (sign-in, captcha, settings). */
  public?: boolean
  fields: (base: Record<string, unknown>) => string[][]
}

/** The schema's own fields and every leaf of the base payload (nested ones too, like logs.0.message). */
const fieldsOf = (schema?: z.ZodObject) => (base: Record<string, unknown>): string[][] => {
  const out = new Map<string, string[]>()
  for (const k of Object.keys(schema?.shape ?? {})) out.set(k, [k])
  const walk = (v: unknown, path: string[]) => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
    else if (path.length > 1) out.set(path.join('.'), path)
  }
  walk(base, [])
  return [...out.values()]
}

const NUMBERS_FILES = ['13800000000\n1380000\u000000001\n\u0000', `13800000000\n${'9'.repeat(10_000)}`, '\u0000'.repeat(100)]
const ROWS_FILES = ['13800000000\tA\u0000B\n13800000001\t\u0000', `13800000000\t${'x'.repeat(10_000)}`, '13800000000\u0000\tx']

type Spec = Omit<Probe, 'fields'>
const probe = (p: Spec): Probe => ({ ...p, fields: fieldsOf(p.schema) })
const list = (path: string, schema: z.ZodObject, base?: Spec['base']): Probe => probe({ path, schema, base })
const download = (path: string, schema: z.ZodObject, base?: Spec['base']): Probe =>
  probe({ path, schema, base: (ids) => ({ format: 'csv', ...base?.(ids) }) })
const send = (path: string, schema: z.ZodObject, form: 'numbers' | 'rows', base: Spec['base']): Probe =>
  probe({ path, schema, form, base, badFiles: form === 'rows' ? ROWS_FILES : NUMBERS_FILES, file: form === 'rows' ? '13800000000\tv' : undefined })
const key = () => ({ idempotency_key: randomUUID() })

export const PROBES: Probe[] = [
  probe({ path: '/setting/getClientWebSiteBeian', public: true }),
  probe({ path: '/code/image', method: 'GET', query: true, public: true, base: () => ({ redomStr: 'r0123456789' }), schema: undefined }),
  probe({ path: '/code/captcha', public: true }),
  probe({ path: '/user/publicKey', public: true }),
  probe({ path: '/openapi.json', method: 'GET', query: true, public: true, document: true }),
  probe({ path: '/user/login', public: true, schema: loginSchema, base: () => ({ username: 'probe-nobody', password: 'x', code: 'T3ST', redomStr: 'r0123456789' }) }),
  probe({ path: '/user/sendLoginAuthCode', public: true, schema: sendLoginCodeSchema, base: () => ({ userId: 'probe-nobody', uuid: 'u0123456789' }) }),
  probe({ path: '/user/loginBySmsCode', public: true, schema: smsLoginSchema, base: () => ({ username: 'probe-nobody', uuid: 'u0123456789', code: '123456', redomStr: 'r0123456789' }) }),
  probe({ path: '/user/sendAuthCode', public: true, schema: sendAuthCodeSchema, base: () => ({ epId: 'probe_new', phone: '13900000000', uuid: 'u0123456789' }) }),
  probe({ path: '/user/epRegist', public: true, schema: registerSchema, base: () => ({ epId: 'probe_new', epName: 'P', password: 'x', phone: '13900000000', code: '123456', uuid: 'u0123456789' }) }),
  probe({ path: '/user/getUserInfo' }),
  probe({ path: '/user/refesh', endsSession: true }),
  probe({ path: '/user/getTopMenu' }),
  probe({ path: '/user/getMenu', schema: getMenuSchema, base: () => ({ permCode: 'home-sms' }) }),
  probe({ path: '/user/getList', schema: accountListSchema, base: () => ({ prodType: 0 }) }),
  probe({ path: '/user/getBusCtyList' }),
  probe({ path: '/errorLog/upload', schema: errorLogUploadSchema, base: () => ({ logs: [{ message: 'm', stack: 's', url: '/u', time: 't' }] }) }),
  list('/mtRecord/list', mtRecordSearchSchema),
  download('/mtRecord/download', mtRecordDownloadSchema),
  list('/newMtRecord/list', newMtRecordSearchSchema),
  download('/newMtRecord/download', newMtRecordDownloadSchema),
  list('/moRecord/list', moRecordSearchSchema),
  download('/moRecord/download', moRecordDownloadSchema),
  list('/interact/list', interactSearchSchema),
  download('/interact/download', interactDownloadSchema),
  list('/shortChainTool/list', shortLinkSearchSchema),
  download('/shortChainTool/download', shortLinkDownloadSchema),
  list('/contentTemplate/list', contentTemplateSearchSchema),
  list('/videoTemplate/list', videoTemplateSearchSchema),
  list('/cspTemplate/list', cspTemplateSearchSchema),
  list('/user/subAccountList', accountSearchSchema),
  list('/customer/list', accountSearchSchema),
  list('/recharge/list', rechargeSearchSchema),
  list('/epRecharge/list', rechargeSearchSchema),
  list('/pageTimeBatch/list', timedBatchSearchSchema),
  list('/timeMtMessage/list', timedDetailSearchSchema),
  probe({ path: '/pageTimeBatch/operation', schema: timedOperationSchema, base: (ids) => ({ time_batch: ids.timeBatch, type: 'pause' }) }),
  probe({ path: '/pageTimeBatch/edit', schema: timedEditSchema, base: (ids) => ({ time_batch: ids.timeBatch, content: 'probe' }) }),
  download('/pageTimeBatch/mobileDownload', timedMobileDownloadSchema.extend(downloadFormatShape), (ids) => ({ time_batch: ids.timeBatch })),
  probe({ path: '/crud/list', method: 'GET', query: true, schema: crudSearchSchema }),
  probe({ path: '/crud/add', schema: crudAddSchema, base: () => ({ name: 'n', mobile: '13800000000', amount: 1, status: 1, remark: 'r' }) }),
  probe({ path: '/crud/update', method: 'PUT', schema: crudUpdateSchema, base: () => ({ id: 1, name: 'n', mobile: '13800000000', amount: 1, status: 1, remark: 'r' }) }),
  probe({ path: '/crud/delete', method: 'DELETE', schema: crudDeleteSchema, base: () => ({ id: 999999 }) }),
  probe({ path: '/crud/delete', method: 'DELETE', query: true, schema: crudDeleteSchema, base: () => ({ id: 999999 }) }),
  list('/dataGathering/getSmsIndexInfo', indexInfoSearchSchema),
  list('/dataGathering/getNormalSmsIndexInfo', indexInfoSearchSchema),
  list('/dataGathering/queryReplyCount', replyCountSearchSchema),
  list('/dataGathering/batchList', batchSearchSchema),
  download('/dataGathering/downloadBatch', batchSearchSchema.extend(downloadFormatShape)),
  download('/dataGathering/mobileDownload', batchMobileSearchSchema.extend(downloadFormatShape), () => ({ batch_id: 'B1' })),
  list('/dataGathering/list', gatheringSearchSchema),
  list('/dataGathering/dimeList', dimeSearchSchema),
  download('/dataGathering/downloadDimeList', dimeSearchSchema.extend(downloadFormatShape)),
  list('/dataGathering/countryList', countryStatSearchSchema),
  list('/addressBook/list', contactSearchSchema),
  list('/addressBook/groupList', groupSearchSchema),
  download('/addressBook/download', contactSearchSchema.extend(downloadFormatShape)),
  list('/addressBook/hasMemberGroupList', hasMemberGroupListSchema),
  probe({ path: '/addressBook/groupMobileDetail', schema: groupMobileDetailSchema, base: () => ({ group_ids: [1, 2] }) }),
  list('/mobileStatus/mobileStatusStatistics', mobileStatusStatSearchSchema),
  list('/mobileBlack/mobileBlackStatistics', checkStatSearchSchema),
  list('/numberPorting/numberPortingStatistics', checkStatSearchSchema),
  list('/mobileUe/list', mobileUeSearchSchema),
  download('/mobileUe/downloadMobile', mobileUeDownloadSchema, () => ({ batch_id: 'U1' })),
  list('/mobileStatus/list', mobileStatusBatchSearchSchema),
  send('/user/groupSend', groupSendSchema, 'numbers', () => ({ ...key(), content: 'probe' })),
  send('/user/groupPreview', groupPreviewSchema, 'numbers', () => ({ content: 'probe' })),
  send('/user/groupPreview', groupPreviewSchema, 'rows', () => ({ template: 'probe {p1}' })),
  send(P2P_SEND_PATH, p2pSendSchema, 'rows', () => ({ ...key(), template: 'probe {p1}' })),
  probe({ path: '/user/templateAdd', schema: templateAddSchema, base: () => ({ template_content: `probe ${randomUUID()}` }) }),
  send('/shortChainTool/smsLinkGroupSend', linkSendSchema, 'numbers', () => ({ ...key(), content: 'probe {link}', long_url: 'https://example.com/a' })),
  list('/shortChainTool/smsLinkInfo', linkInfoSchema),
  probe({ path: '/shortChainTool/longToShort', schema: longToShortSchema, base: () => ({ long_url: 'https://example.com/b' }) }),
  probe({ path: '/shortChainTool/shortToLong', schema: shortToLongSchema, base: () => ({ short_url: 'aB3dE5gH' }) }),
  send('/user/intlGroupSend', intlSendSchema, 'numbers', () => ({ ...key(), cus_id: 'globex', content: 'probe' })),
  send('/user/intlGroupPreview', intlPreviewSchema, 'numbers', () => ({ cus_id: 'globex', content: 'probe' })),
  send('/videoTemplate/videoSmsGroupSend', videoSendSchema, 'numbers', (ids) => ({ ...key(), cus_template_id: ids.videoTemplate })),
  probe({ path: '/videoTemplate/getSendContentByCusTemplateId', schema: videoTemplateRequestSchema, base: (ids) => ({ cus_template_id: ids.videoTemplate }) }),
  probe({ path: '/videoTemplate/getVideoTemplate', schema: videoTemplateRequestSchema, base: (ids) => ({ cus_template_id: ids.videoTemplate }) }),
  list('/user/getChatbotList', chatbotListRequestSchema),
  probe({ path: '/cspTemplate/getSendContentByCusTemplateId', schema: cspContentRequestSchema, base: (ids) => ({ template_id: ids.cspTemplate }) }),
  send('/cspTemplate/cspSmsGroupSend', cspSendSchema, 'numbers', (ids) => ({ ...key(), chatbot_id: 'c', template_id: ids.cspTemplate, low_type: [1], sms_text: 's' })),
  probe({ path: '/user/logout', endsSession: true }),
]
