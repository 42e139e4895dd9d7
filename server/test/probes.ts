import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { OPERATIONS, type Operation } from '../../src/domain/operations'
import { P2P_SEND_PATH } from '../../src/domain/send'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'

/*
 * The bad-input probe (server/routes/bad-input.test.ts): every route the API registers, the schema of its payload
 * (whose fields are probed one at a time) and a valid payload the bad value is put into. Routes, methods, schemas,
 * auth and reply kinds come from the one registry, src/domain/operations.ts; only the valid payloads and the odd
 * trait it does not state (ends the session, also read from the query string) are kept here, in EXTRAS.
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
  /** Signed with the caller's app secret instead of a session (src/domain/signed-api.ts). */
  signed?: boolean
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

/** What a probe needs beyond its operation: a valid payload, and the odd trait the registry does not say. */
interface Extra {
  base?: Probe['base']
  endsSession?: true
  /** The route also reads its payload from the query string: probed that way too. */
  alsoQuery?: true
}

const key = () => ({ idempotency_key: randomUUID() })

/**
 * By `METHOD /path` of src/domain/operations.ts, or `METHOD /path part` for one file part of a multipart send.
 * A download (reply `file`) gets `format: 'csv'` on top of its base.
 */
const EXTRAS: Record<string, Extra> = {
  'POST /user/login': { base: () => ({ username: 'probe-nobody', password: 'x', code: 'T3ST', redomStr: 'r0123456789' }) },
  'POST /user/sendLoginAuthCode': { base: () => ({ userId: 'probe-nobody', uuid: 'u0123456789' }) },
  'POST /user/loginBySmsCode': { base: () => ({ username: 'probe-nobody', uuid: 'u0123456789', code: '123456', redomStr: 'r0123456789' }) },
  'POST /user/login2fa': { base: () => ({ challenge: 'c0123456789abcdef', code: '123456' }) },
  'POST /user/login2fa/begin': { base: () => ({ challenge: 'c0123456789abcdef' }) },
  'POST /user/twoFactor/policy/set': { base: () => ({ required: false }) },
  'POST /user/allowedAddresses/set': { base: () => ({ ranges: ['127.0.0.0/8'] }) },
  'POST /user/twoFactor/enable': { base: () => ({ code: '123456' }) },
  'POST /user/twoFactor/disable': { base: () => ({ password: 'x', redomStr: 'r0123456789', code: '123456' }) },
  'POST /user/sendAuthCode': { base: () => ({ epId: 'probe_new', phone: '13900000000', uuid: 'u0123456789' }) },
  'POST /user/epRegist': { base: () => ({ epId: 'probe_new', epName: 'P', password: 'x', phone: '13900000000', code: '123456', uuid: 'u0123456789' }) },
  'POST /user/refesh': { endsSession: true },
  'POST /user/logout': { endsSession: true },
  'POST /user/getMenu': { base: () => ({ permCode: 'homeSms' }) },
  'POST /user/getList': { base: () => ({ prodType: 0 }) },
  'POST /user/pushUrlModify': { base: () => ({ push_url: 'https://93.184.216.34/hook' }) },
  'POST /user/modifyPassword': { base: () => ({ oldPassword: 'x', oldRedomStr: 'r0123456789', newPassword: 'x', newRedomStr: 'r0123456789' }) },
  'POST /user/sendBindCode': { base: () => ({ mobile: '13912345678', uuid: 'u0123456789' }) },
  'POST /user/modifyMobile': { base: () => ({ mobile: '13912345678', code: '123456', uuid: 'u0123456789' }) },
  'POST /user/modifyCusName': { base: () => ({ cusName: 'probe' }) },
  'POST /user/certification': { base: () => ({ realName: '张三', idNumber: '11010519491231002X', phone: '13912345678' }) },
  'POST /user/rotateAppsecret': { base: () => ({ password: 'x', redomStr: 'r0123456789' }) },
  'POST /warn/modifyCusBneWarn': { base: () => ({ threshold: 10, mobiles: ['13800000000'] }) },
  'POST /notice/read': { base: () => ({ all: true }) },
  'POST /errorLog/upload': { base: () => ({ logs: [{ message: 'm', stack: 's', url: '/u', time: 't' }] }) },
  'POST /pageTimeBatch/operation': { base: (ids) => ({ time_batch: ids.timeBatch, type: 'pause' }) },
  'POST /pageTimeBatch/edit': { base: (ids) => ({ time_batch: ids.timeBatch, content: 'probe' }) },
  'POST /pageTimeBatch/mobileDownload': { base: (ids) => ({ time_batch: ids.timeBatch }) },
  'POST /dataGathering/mobileDownload': { base: () => ({ batch_id: 'B1' }) },
  'POST /mobileUe/downloadMobile': { base: () => ({ batch_id: 'U1' }) },
  // A check for an account that does not exist: a probe that passes validation is refused before anything is billed.
  'POST /mobileStatus/onlineCheck': { base: () => ({ cus_id: 'probe_nobody', mobiles: ['13800000000'], idempotency_key: '00000000-0000-4000-8000-000000000000' }) },
  'POST /mobileStatus/batchNumbers': { base: () => ({ id: 1 }) },
  // An upload for an account that does not exist, a confirmation of a file that does not: nothing stored or billed.
  'POST /file/uploadMobileUe': { base: () => ({ file_name: 'probe.txt', cus_id: 'probe_nobody' }) },
  'POST /mobileUe/uploadCheck': { base: () => ({ batch_id: 'U-probe', idempotency_key: '00000000-0000-4000-8000-000000000000' }) },
  'POST /aim/onlineMobileCheck': { base: () => ({ mobiles: ['13800000000'] }) },
  'POST /crud/add': { base: () => ({ name: 'n', mobile: '13800000000', amount: 1, status: 1, remark: 'r' }) },
  'PUT /crud/update': { base: () => ({ id: 1, name: 'n', mobile: '13800000000', amount: 1, status: 1, remark: 'r' }) },
  'DELETE /crud/delete': { base: () => ({ id: 999999 }), alsoQuery: true },
  // Customer and sub-account calls aim at an account that does not exist, so a probe that passes validation changes nothing.
  'POST /customer/customerAdd': { base: () => ({ cus_id: 'probe_new', cus_name: 'P', products: [{ prod_type: 0, price: '0.05' }], password: 'x', redomStr: 'r0123456789' }) },
  'POST /customer/closeCustomer': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /customer/openCustomer': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /customer/customerDetail': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /customer/customerCharge': { base: () => ({ cus_id: 'probe_nobody', recharge_type: 0, amount: '1' }) },
  'POST /customer/customerQuota': { base: () => ({ cus_id: 'probe_nobody', storage_quota: '10' }) },
  'POST /customer/chargeDetail': { base: () => ({ cus_id: 'acme' }) },
  'POST /subAccount/add': { base: () => ({ cus_id: 'probe_new', cus_name: 'P', password: 'x', redomStr: 'r0123456789' }) },
  'POST /subAccount/charge': { base: () => ({ cus_id: 'probe_nobody', amount: '1' }) },
  'POST /subAccount/close': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /subAccount/open': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /subAccount/detail': { base: () => ({ cus_id: 'probe_nobody' }) },
  'POST /addressBook/groupMobileDetail': { base: () => ({ group_ids: [1, 2] }) },
  // Address book writes aim at a group and contacts that do not exist (a 404), except the group add, under a fresh name.
  'POST /addressBook/addressBookGroupAdd': { base: () => ({ group_name: `probe ${randomUUID()}`.slice(0, 40) }) },
  'POST /addressBook/addressBookGroupMod': { base: () => ({ group_id: 999999, group_name: 'probe' }) },
  'POST /addressBook/addressBookGroupDel': { base: () => ({ group_id: 999999 }) },
  'POST /addressBook/addressBookGroupDetail': { base: () => ({ group_id: 999999 }) },
  'POST /addressBook/addressBookMemberAdd': { base: () => ({ group_id: 999999, name: 'probe', mobile: '13800000000' }) },
  'POST /addressBook/addressBookMemberMod': { base: () => ({ id: 999999999, group_id: 999999, name: 'probe', mobile: '13800000000' }) },
  'POST /addressBook/addressBookMemberDel': { base: () => ({ ids: [999999999] }) },
  'POST /addressBook/addressBookMemberMove': { base: () => ({ ids: [999999999], group_id: 999999 }) },
  'POST /addressBook/addressBookMemberDetail': { base: () => ({ id: 999999999 }) },
  // An import into a group that does not exist, and the commit of an upload that does not exist: nothing is stored.
  'POST /file/uploadAddressBook rows': { base: () => ({ group_id: 999999 }) },
  'POST /addressBook/addressBookMemberImport': { base: () => ({ upload_id: 999999, ...key() }) },
  'POST /user/groupSend': { base: () => ({ ...key(), content: 'probe' }) },
  'POST /user/groupPreview numbers': { base: () => ({ content: 'probe' }) },
  'POST /user/groupPreview rows': { base: () => ({ template: 'probe {p1}' }) },
  [`POST ${P2P_SEND_PATH}`]: { base: () => ({ ...key(), template: 'probe {p1}' }) },
  'POST /user/templateAdd': { base: () => ({ template_content: `probe ${randomUUID()}` }) },
  'POST /shortChainTool/smsLinkGroupSend': { base: () => ({ ...key(), content: 'probe {link}', long_url: 'https://example.com/a' }) },
  'POST /shortChainTool/longToShort': { base: () => ({ long_url: 'https://example.com/b' }) },
  'POST /shortChainTool/shortToLong': { base: () => ({ short_url: 'aB3dE5gH' }) },
  'POST /interact/messageInteractList': { base: () => ({ code: 'aB3dE5gH_aB3dE5gH-aB3d' }) },
  'POST /interact/messageInteractSend': { base: () => ({ code: 'aB3dE5gH_aB3dE5gH-aB3d', content: 'probe' }) },
  'POST /user/intlGroupSend': { base: () => ({ ...key(), cus_id: 'globex', content: 'probe' }) },
  'POST /user/intlGroupPreview': { base: () => ({ cus_id: 'globex', content: 'probe' }) },
  'POST /videoTemplate/videoSmsGroupSend': { base: (ids) => ({ ...key(), cus_template_id: ids.videoTemplate }) },
  'POST /videoTemplate/getSendContentByCusTemplateId': { base: (ids) => ({ cus_template_id: ids.videoTemplate }) },
  'POST /videoTemplate/getVideoTemplate': { base: (ids) => ({ cus_template_id: ids.videoTemplate }) },
  'POST /cspTemplate/getSendContentByCusTemplateId': { base: (ids) => ({ template_id: ids.cspTemplate }) },
  [`POST ${OPEN_API_PATHS.send}`]: { base: () => ({ ...key(), content: 'probe', mobiles: ['13800000000'] }) },
  [`POST ${OPEN_API_PATHS.p2p}`]: { base: () => ({ ...key(), template: 'probe {p1}', rows: [['13800000000', 'v']] }) },
  [`POST ${OPEN_API_PATHS.batch}`]: { base: () => ({ batch_id: 'B1' }) },
  // Template writes: adds are valid (a fresh name each time); deletes and reviews aim at ids that do not exist (404).
  'POST /contentTemplate/contentTemplateAdd': { base: () => ({ template_content: `probe ${randomUUID()}`, keyword: 'probe' }) },
  'POST /contentTemplate/contentTemplateDelete': { base: () => ({ id: 999999999 }) },
  'POST /contentTemplate/review': { base: () => ({ id: 999999999, approve: false, reason: 'probe' }) },
  'POST /cspTemplate/add': {
    base: () => ({ template_name: `probe ${randomUUID()}`.slice(0, 40), chatbot_id: 'chatbot_globex_1', autograph: 'Probe', content_type: 'text', text_5g: 'probe' }),
  },
  'POST /cspTemplate/templateDel': { base: () => ({ template_id: 999999999 }) },
  'POST /cspTemplate/getCspTemplate': { base: (ids) => ({ template_id: ids.cspTemplate }) },
  'POST /cspTemplate/getCspTemplateByGateTemplateId': { base: () => ({ gate_template_id: 'CSP0000000001' }) },
  'POST /cspTemplate/downloadTemplate': { base: (ids) => ({ template_id: ids.cspTemplate }) },
  'POST /cspTemplate/review': { base: () => ({ id: 999999999, approve: true }) },
  'POST /videoTemplate/add': {
    base: () => ({ title: 'probe', template_sign: 'Probe', remark: 'probe', frames: [{ material_id: 999999999, text: 'probe' }] }),
  },
  'POST /videoTemplate/templateDel': { base: () => ({ cus_template_id: 999999999 }) },
  'POST /videoTemplate/getVideoTemplateByGateTemplateId': { base: () => ({ gate_template_id: 'VID0000000001' }) },
  'POST /videoTemplate/downloadTemplate': { base: (ids) => ({ cus_template_id: ids.videoTemplate }) },
  'POST /videoTemplate/review': { base: () => ({ id: 999999999, approve: true }) },
  'POST /cspTemplate/cspSmsGroupSend': { base: (ids) => ({ ...key(), chatbot_id: 'c', template_id: ids.cspTemplate, low_type: [1], sms_text: 's' }) },
}

const used = new Set<string>()

/** The probes of one operation: one per file part of a multipart send, and a query-string twin where the route reads one. */
function probesOf(op: Operation): Probe[] {
  const name = `${op.method.toUpperCase()} ${op.path}`
  const { request } = op
  const schema = request.kind === 'none' ? undefined : request.schema
  if (schema && !(schema instanceof z.ZodObject)) throw new Error(`${name}: the probe walks the fields of an object schema`)
  const forms = request.kind === 'multipart' ? (request.files as ('numbers' | 'rows')[]) : [undefined]
  return forms.flatMap((form) => {
    const at = [`${name} ${form}`, name].find((k) => k in EXTRAS)
    if (at) used.add(at)
    const { base, endsSession, alsoQuery } = at ? EXTRAS[at] : {}
    const p: Omit<Probe, 'fields'> = {
      path: op.path,
      method: op.method.toUpperCase() as Probe['method'],
      schema,
      base: op.reply === 'file' ? (ids) => ({ format: 'csv', ...base?.(ids) }) : base,
      // A GET has no body: whatever it is sent goes in the query string.
      query: request.kind === 'query' || op.method === 'get' || undefined,
      public: op.auth === 'none' || undefined,
      signed: op.auth === 'signature' || undefined,
      document: op.reply === 'openapi' || undefined,
      endsSession,
      ...(form && { form, badFiles: form === 'rows' ? ROWS_FILES : NUMBERS_FILES, file: form === 'rows' ? '13800000000\tv' : undefined }),
    }
    return [p, ...(alsoQuery ? [{ ...p, query: true }] : [])].map((x) => ({ ...x, fields: fieldsOf(schema) }))
  })
}

export const PROBES: Probe[] = OPERATIONS.flatMap(probesOf)

/** Keys of EXTRAS that name no operation (a route renamed or removed): the probe test fails on any. */
export const STALE_EXTRAS = Object.keys(EXTRAS).filter((k) => !used.has(k))
