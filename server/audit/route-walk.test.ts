import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../src/domain/api'
import { API_KEY_HEADER } from '../../src/domain/api-keys'
import { passwordNonceSchema } from '../../src/domain/auth'
import { isAuditAction } from '../../src/domain/audit-actions'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import { P2P_SEND_PATH } from '../../src/domain/send'
import { DEMO_ACCOUNTS } from '../seed'
import { png } from '../seed/media-bytes'
import { issueToken } from '../security/tokens'
import { codeAt } from '../security/two-factor'
import { pinnedClock } from '../test/clock'
import { CAPTCHA, setup, type Harness } from '../test/harness'
import { signatureHeaders } from '../test/signed-kit'
import { appSecretOf } from '../users/app-secret'

/*
 * Every write leaves its audit entry. The walk reads the routes from the OpenAPI document the server builds, calls
 * each as an account allowed to, with a valid request, and looks for an entry carrying that request's id:
 *
 * - every route must answer 2xx: a route whose default request (acme's, `{}`) is refused needs its own in CALLS;
 * - a write (any route whose name does not say it only reads) must leave an entry;
 * - a download (a file or text reply) must leave one too: who took which data;
 * - a read must leave one if it changed a row of the database anyway: a row trigger on every table (installed here,
 *   on this file's own database) counts the rows each request changed.
 *
 * A route added later is a write unless its name says otherwise, so it fails here until it has a request below
 * (CALLS) and writes its entry. Only the routes of ALLOWED change nothing worth an entry, each said why.
 */

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }
type Who = 'public' | 'admin' | 'acme' | 'acme01' | 'acme02' | 'globex' | 'initech' | 'initech01' | 'globex01'

/** One request of the walk: who sends it and what. */
interface Call {
  as: Who
  /** A signed call of the open API, with the account's app secret or, given, one of its keys. */
  signed?: { keyId?: string; secret?: string }
  body?: unknown
  /** A multipart form: its `payload` JSON and file parts. */
  form?: { payload?: unknown; files: Record<string, string | Uint8Array> }
  query?: Record<string, string>
  headers?: Record<string, string>
}

/** What a route does, read from the document: its name and its reply. */
type Kind = 'read' | 'write' | 'export'

/** Names that only read: lists, details, lookups, counts, previews. Everything else writes. */
const READ_NAME = /(^|\/)(list|[A-Za-z]*List|get|get[A-Z][A-Za-z]*|detail|[A-Za-z]*Detail|[A-Za-z]*Info|[A-Za-z]*Count|[A-Za-z]*Statistics|status|settings|summary|trend|[A-Za-z]*Trend|[A-Za-z]*Preview|prodTypes|busCtys|usable|publicKey|failures|shortToLong|check|file|openapi\.json|[A-Za-z]*Patterns|balance|query)$/
const kindOf = (method: string, path: string, doc: Doc): Kind => {
  const ok = doc.paths[path][method].responses['200']?.content ?? {}
  if (Object.keys(ok).some((t) => t === 'text/csv' || t === 'text/plain' || t === 'application/octet-stream') && !path.startsWith('/media/')) return 'export'
  return READ_NAME.test(path) ? 'read' : 'write'
}

/**
 * Routes whose name says write but that change nothing an entry should record: each is the first half of a step whose
 * second half writes the entry (the sign-in, the password change, two-factor), or bookkeeping of its own.
 */
const ALLOWED: Record<string, string> = {
  // A captcha image: a one-time nonce for the sign-in that follows (which has its entry), kept a few minutes.
  'post /code/captcha': 'captcha nonce only',
  // The nonce a password is sealed with; the call that uses it writes the entry.
  'post /user/passwordNonce': 'password nonce only',
  // A pending key for two-factor, not yet on: /user/twoFactor/enable writes twoFactorEnabled.
  'post /user/twoFactor/begin': 'pending key only',
  // The key of a sign-in's enrolment step; /user/login2fa writes the sign-in's entry.
  'post /user/login2fa/begin': 'pending key only',
}

/**
 * Tables the read check leaves out: the trail itself and the walk's counter; the sign-in's RSA key, made on its first
 * use; the rate limits' counters, which every limited read spends; the signed API's spent nonces (its replay guard).
 */
const BOOKKEEPING = ['audit_entry', 'walk_touch', 'server_key', 'rate_limits', 'signed_api_nonce']

describe('the audit trail covers every write', () => {
  let h: Harness
  let doc: Doc
  const clock = pinnedClock(Date.UTC(2026, 11, 3, 2, 0, 0))
  const ids = {} as Record<string, string | number>
  const secrets: string[] = []
  /** The request id each route was walked with. */
  const walked: Record<string, string> = {}
  const password = (who: string) => DEMO_ACCOUNTS.find((a) => a.cusId === who)!.password
  const token = async (who: Exclude<Who, 'public'>) => {
    const { rows } = await h.db.query<{ id: number }>('select id from customer where cus_id = $1', [who])
    return (await issueToken(h.db, rows[0].id)).token
  }
  const one = async <T = string | number>(sql: string, params: unknown[] = []) => Object.values((await h.db.query<Record<string, T>>(sql, params)).rows[0] ?? {})[0]
  /** A password sealed as the console seals it, with a nonce of `who`'s session. */
  const sealed = async (who: Exclude<Who, 'public'>, plain = password(who)) => {
    const { redomStr } = passwordNonceSchema.parse((await h.call('/user/passwordNonce', {}, { token: await token(who) })).data)
    return { password: await h.seal(redomStr, plain), redomStr }
  }
  const codeIn = (text: string | undefined) => text?.match(/\d{6}/)?.[0] ?? ''
  const uuid = () => randomUUID()
  let groups = 0
  /** A fresh group of acme's, and a contact in one. */
  const group = async () => Number((await h.call('/addressBook/addressBookGroupAdd', { group_name: `Walk ${++groups}` }, { token: await token('acme') })).data.group_id)
  const contact = async (g: number) => {
    await h.call('/addressBook/addressBookMemberAdd', { group_id: g, name: 'Walker', mobile: `1380000${String(2000 + g).slice(-4)}` }, { token: await token('acme') })
    return Number(await one('select id from ab_contact where group_id = $1 order by id desc limit 1', [g]))
  }
  /** The page code of an interactive message acme01 sent to `mobile`. */
  const interactCode = async (mobile: string) => {
    const f = new FormData()
    f.set('payload', JSON.stringify({ content: '【艾克米】How was it? {interact}', idempotency_key: uuid() }))
    f.set('numbers', new Blob([mobile]), 'n.txt')
    const sent = (await (await h.app.request(`${API_PREFIX}/user/groupSend`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme01')}` }, body: f })).json()) as { data: { batch_id: string } }
    return one('select code from interact_message where batch_id = $1', [sent.data.batch_id])
  }
  const forgetRecentCodes = () => h.db.query(`update sms_code set created_at = created_at - interval '61 seconds'`)

  /** A valid request for each route that writes or hands out data, by `method path` of the document. */
  const CALLS: Record<string, () => Promise<Call> | Call> = {
    // Signing in and registering
    'post /user/login': async () => {
      const redomStr = await h.captcha()
      return { as: 'public', body: { username: 'acme01', password: await h.seal(redomStr, password('acme01')), code: CAPTCHA, redomStr } }
    },
    'post /user/sendLoginAuthCode': async () => {
      await forgetRecentCodes()
      return { as: 'public', body: { userId: 'acme02', phone: '', uuid: h.redom(), captcha: CAPTCHA, redomStr: await h.captcha() } }
    },
    'post /user/loginBySmsCode': async () => {
      await forgetRecentCodes()
      const uuidStr = h.redom()
      await h.call('/user/sendLoginAuthCode', { userId: 'acme02', phone: '', uuid: uuidStr, captcha: CAPTCHA, redomStr: await h.captcha() })
      const code = codeIn(h.carrier.lastTo('13800138002')?.text)
      return { as: 'public', body: { username: 'acme02', uuid: uuidStr, code, redomStr: await h.captcha() } }
    },
    'post /user/login2fa': async () => {
      const t = await token('globex01')
      const begun = await h.call('/user/twoFactor/begin', {}, { token: t })
      await h.call('/user/twoFactor/enable', { code: codeAt('globex01', begun.data.secret, new Date(clock.now())) }, { token: t })
      clock.at(clock.now() + 30_000)
      ids.globex01Key = begun.data.secret as string
      secrets.push(begun.data.secret as string)
      const redomStr = await h.captcha()
      const step = await h.call('/user/login', { username: 'globex01', password: await h.seal(redomStr, password('globex01')), code: CAPTCHA, redomStr })
      return { as: 'public', body: { challenge: step.data.challenge, code: codeAt('globex01', begun.data.secret, new Date(clock.now())) } }
    },
    'post /user/sendAuthCode': async () => {
      await forgetRecentCodes()
      return { as: 'public', body: { epId: 'walknew1', phone: '13911112222', uuid: h.redom(), captcha: CAPTCHA, redomStr: await h.captcha() } }
    },
    'post /user/epRegist': async () => {
      await forgetRecentCodes()
      const uuidStr = h.redom()
      await h.call('/user/sendAuthCode', { epId: 'walknew2', phone: '13911113333', uuid: uuidStr, captcha: CAPTCHA, redomStr: await h.captcha() })
      const code = codeIn(h.carrier.lastTo('13911113333')?.text)
      const redomStr = await h.captcha()
      return { as: 'public', body: { epId: 'walknew2', epName: 'Walk Ltd', phone: '13911113333', code, uuid: uuidStr, password: await h.seal(redomStr, 'Walk@123456'), captcha: CAPTCHA, redomStr } }
    },
    'post /interact/messageInteractSend': async () => ({ as: 'public', body: { code: await interactCode('13800001234'), content: 'Yes' } }),
    // The session
    'post /user/refesh': () => ({ as: 'acme' }),
    'post /user/logout': () => ({ as: 'acme' }),
    'post /errorLog/upload': () => ({ as: 'acme', body: { logs: [{ message: 'm', stack: 's', url: '/u', time: 't' }] } }),
    // Settings
    'post /user/modifyPassword': async () => {
      const [o, n] = [await sealed('initech01'), await sealed('initech01', 'Initech01@67890')]
      return { as: 'initech01', body: { oldPassword: o.password, oldRedomStr: o.redomStr, newPassword: n.password, newRedomStr: n.redomStr } }
    },
    'post /user/twoFactor/enable': async () => {
      const t = await token('acme02')
      const begun = await h.call('/user/twoFactor/begin', {}, { token: t })
      secrets.push(begun.data.secret as string)
      ids.acme02Key = begun.data.secret as string
      return { as: 'acme02', headers: { authorization: `Bearer ${t}` }, body: { code: codeAt('acme02', begun.data.secret, new Date(clock.now())) } }
    },
    'post /user/twoFactor/disable': async () => {
      clock.at(clock.now() + 30_000)
      return { as: 'acme02', body: { ...(await sealed('acme02')), code: codeAt('acme02', String(ids.acme02Key), new Date(clock.now())) } }
    },
    'post /user/twoFactor/policy/set': () => ({ as: 'acme', body: { required: false } }),
    'post /user/allowedAddresses/set': () => ({ as: 'globex', body: { ranges: [] } }),
    'post /user/sendBindCode': async () => {
      await forgetRecentCodes()
      return { as: 'acme', body: { mobile: '13912340001', uuid: 'walk-bind-1' } }
    },
    'post /user/modifyMobile': async () => {
      await forgetRecentCodes()
      await h.call('/user/sendBindCode', { mobile: '13912340002', uuid: 'walk-bind-2' }, { token: await token('acme01') })
      return { as: 'acme01', body: { mobile: '13912340002', code: codeIn(h.carrier.lastTo('13912340002')?.text), uuid: 'walk-bind-2' } }
    },
    'post /user/modifyCusName': () => ({ as: 'acme', body: { cusName: '艾克米科技' } }),
    'post /user/certification': () => ({ as: 'acme', body: { realName: '张三', idNumber: '11010519491231002X', phone: '13912345678' } }),
    'post /user/getAppsecret': async () => ({ as: 'acme', body: await sealed('acme') }),
    'post /user/rotateAppsecret': async () => ({ as: 'globex', body: await sealed('globex') }),
    'post /warn/modifyCusBneWarn': () => ({ as: 'acme', body: { threshold: 30, mobiles: ['13800000000'] } }),
    'post /notice/read': async () => ({ as: 'acme', body: { id: Number(await one(`select id from notice where cus_id = 'acme' and read_at is null order by id limit 1`)) } }),
    // Batches and timed batches
    'post /batch/resend': async () => {
      const f = new FormData()
      f.set('payload', JSON.stringify({ content: '【艾克米】Walk resend', idempotency_key: uuid() }))
      f.set('numbers', new Blob(['13800001240\n13800001241']), 'n.txt')
      const sent = (await (await h.app.request(`${API_PREFIX}/user/groupSend`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme01')}` }, body: f })).json()) as { data: { batch_id: string } }
      await h.db.query(`update mt_record set mt_status = 0, report_result = 2, report_result_desc = 'MK:0005', report_time = now() where batch_id = $1`, [sent.data.batch_id])
      return { as: 'acme01', body: { batch_id: sent.data.batch_id, target: 'failed', idempotency_key: uuid() } }
    },
    'post /batch/cancel': async () => {
      const f = new FormData()
      f.set('payload', JSON.stringify({ content: '【艾克米】Walk cancel', idempotency_key: uuid() }))
      f.set('numbers', new Blob([Array.from({ length: 3000 }, (_, i) => `139${String(i).padStart(8, '0')}`).join('\n')]), 'n.txt')
      const sent = (await (await h.app.request(`${API_PREFIX}/user/groupSend`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme01')}` }, body: f })).json()) as { data: { batch_id: string } }
      return { as: 'acme01', body: { batch_id: sent.data.batch_id } }
    },
    'post /batch/failedDownload': async () => ({ as: 'acme01', body: { format: 'csv', batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme01' and failure_count > 0 order by create_time desc limit 1`) } }),
    'post /pageTimeBatch/operation': () => ({ as: 'acme01', body: { time_batch: ids.timeBatch, type: 'pause' } }),
    'post /pageTimeBatch/edit': () => ({ as: 'acme01', body: { time_batch: ids.timeBatch, content: '【艾克米】Walk edit' } }),
    'post /pageTimeBatch/mobileDownload': () => ({ as: 'acme01', body: { format: 'csv', time_batch: ids.timeBatch } }),
    'post /dataGathering/mobileDownload': async () => ({ as: 'acme01', body: { format: 'csv', batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme01' order by create_time desc limit 1`) } }),
    // Push, the sample table
    'post /user/pushUrlModify': () => ({ as: 'acme', body: { push_url: 'https://93.184.216.34/hook' } }),
    'post /user/pushUrlClear': () => ({ as: 'acme' }),
    'post /crud/add': () => ({ as: 'admin', body: { name: 'n', mobile: '13800000000', amount: 1, status: 1, remark: 'r' } }),
    'put /crud/update': async () => ({ as: 'admin', body: { id: await one('select id from crud_sample order by id limit 1'), name: 'n2', mobile: '13800000000', amount: 2, status: 1, remark: 'r' } }),
    'delete /crud/delete': async () => ({ as: 'admin', body: { id: await one('select id from crud_sample order by id desc limit 1') } }),
    // Customers and sub-accounts
    'post /customer/customerAdd': async () => ({ as: 'admin', body: { cus_id: 'walkcust', cus_name: 'Walk customer', products: [{ prod_type: 0, price: '0.05' }], ...(await sealed('admin', 'Walk@123456')) } }),
    'post /customer/closeCustomer': async () => {
      await h.call('/customer/openCustomer', { cus_id: 'umbrella' }, { token: await token('admin') })
      return { as: 'admin', body: { cus_id: 'umbrella' } }
    },
    'post /customer/openCustomer': async () => {
      await h.call('/customer/closeCustomer', { cus_id: 'umbrella' }, { token: await token('admin') })
      return { as: 'admin', body: { cus_id: 'umbrella' } }
    },
    'post /customer/customerCharge': () => ({ as: 'admin', body: { cus_id: 'initech', recharge_type: 0, amount: '10' } }),
    'post /customer/customerQuota': () => ({ as: 'admin', body: { cus_id: 'initech', storage_quota: '10' } }),
    'post /subAccount/add': async () => ({ as: 'acme', body: { cus_id: 'acme09', cus_name: 'Acme lab', ...(await sealed('acme', 'Walk@123456')) } }),
    'post /subAccount/charge': () => ({ as: 'acme', body: { cus_id: 'acme02', amount: '1' } }),
    'post /subAccount/close': async () => {
      await h.call('/subAccount/open', { cus_id: 'acme02' }, { token: await token('acme') })
      return { as: 'acme', body: { cus_id: 'acme02' } }
    },
    'post /subAccount/open': async () => {
      await h.call('/subAccount/close', { cus_id: 'acme02' }, { token: await token('acme') })
      return { as: 'acme', body: { cus_id: 'acme02' } }
    },
    // Templates
    'post /user/templateAdd': () => ({ as: 'acme', body: { template_content: `【艾克米】Walk ${uuid()}` } }),
    'post /contentTemplate/contentTemplateAdd': () => ({ as: 'acme', body: { template_content: `【艾克米】Walk ${uuid()}`, keyword: 'walk' } }),
    'post /contentTemplate/contentTemplateDelete': async () => ({ as: 'acme', body: { id: await one(`select id from content_template where cus_id = 'acme' order by id desc limit 1`) } }),
    'post /contentTemplate/review': async () => ({ as: 'admin', body: { id: await one(`select id from content_template where check_status = 0 order by id limit 1`), approve: true } }),
    'post /cspTemplate/add': () => ({ as: 'globex', body: { template_name: `walk ${uuid()}`.slice(0, 40), chatbot_id: 'chatbot_globex_1', autograph: 'Globex', content_type: 'text', text_5g: 'walk' } }),
    'post /cspTemplate/templateDel': async () => ({ as: 'globex', body: { template_id: await one(`select template_id from csp_template where cus_id = 'globex' order by template_id desc limit 1`) } }),
    'post /cspTemplate/review': async () => ({ as: 'admin', body: { id: await one(`select template_id from csp_template where template_status = 1 order by template_id limit 1`), approve: true } }),
    'post /cspTemplate/downloadTemplate': () => ({ as: 'admin', body: { template_id: ids.cspTemplate } }),
    'post /videoTemplate/add': async () => ({ as: 'acme', body: { title: 'Walk', template_sign: 'Acme', frames: [{ material_id: await one(`select material_id from material where cus_id = 'acme' and purpose = 'video' and kind = 'image' order by material_id limit 1`), text: 'walk' }] } }),
    'post /videoTemplate/templateDel': async () => ({ as: 'acme', body: { cus_template_id: await one(`select cus_template_id from video_template where cus_id = 'acme' order by cus_template_id desc limit 1`) } }),
    'post /videoTemplate/review': async () => ({ as: 'admin', body: { id: await one(`select cus_template_id from video_template where status = 1 order by cus_template_id limit 1`), approve: true } }),
    'post /videoTemplate/downloadTemplate': () => ({ as: 'acme', body: { cus_template_id: ids.videoTemplate } }),
    // Signatures and materials
    'post /signature/add': () => ({ as: 'acme', body: { name: '走查', source: 'company' } }),
    'post /signature/withdraw': async () => ({ as: 'acme', body: { id: await one(`select id from signature where cus_id = 'acme' and status = 0 order by id desc limit 1`) } }),
    'post /signature/delete': async () => ({ as: 'acme', body: { id: await one(`select id from signature where cus_id = 'acme' and status = 3 order by id desc limit 1`) } }),
    'post /signature/review': async () => {
      await h.call('/signature/add', { name: '走查二', source: 'company' }, { token: await token('globex') })
      return { as: 'admin', body: { id: await one(`select id from signature where status = 0 order by id desc limit 1`), approve: true } }
    },
    'post /file/upload': () => ({ as: 'acme', form: { files: { file: png() } } }),
    'post /file/uploadAimMaterial': () => ({ as: 'acme', form: { files: { file: png() } } }),
    'post /file/uploadCspMaterial': () => ({ as: 'globex', form: { files: { file: png() } } }),
    'post /file/uploadVideoMaterial': () => ({ as: 'acme', form: { files: { file: png() } } }),
    'post /file/uploadSignatureProof': () => ({ as: 'acme', form: { files: { file: png() } } }),
    'post /aim/materialDelete': async () => ({ as: 'acme', body: { ids: [await one(`select material_id from material where cus_id = 'acme' order by material_id desc limit 1`)] } }),
    // Address book
    'post /addressBook/addressBookGroupAdd': () => ({ as: 'acme', body: { group_name: 'Walk group' } }),
    'post /addressBook/addressBookGroupMod': async () => ({ as: 'acme', body: { group_id: await group(), group_name: `Walk ${uuid()}`.slice(0, 40) } }),
    'post /addressBook/addressBookGroupDel': async () => ({ as: 'acme', body: { group_id: await group() } }),
    'post /addressBook/addressBookMemberAdd': async () => ({ as: 'acme', body: { group_id: await group(), name: 'Walker', mobile: '13800001111' } }),
    'post /addressBook/addressBookMemberMod': async () => {
      const g = await group()
      return { as: 'acme', body: { id: await contact(g), group_id: g, name: 'Walker 2', mobile: '13800001112' } }
    },
    'post /addressBook/addressBookMemberMove': async () => ({ as: 'acme', body: { ids: [await contact(await group())], group_id: await group() } }),
    'post /addressBook/addressBookMemberDel': async () => ({ as: 'acme', body: { ids: [await contact(await group())] } }),
    'post /file/uploadAddressBook': async () => ({ as: 'acme', form: { payload: { group_id: await group() }, files: { rows: '2\tWalker three\t13800002222' } } }),
    'post /addressBook/addressBookMemberImport': async () => {
      const f = new FormData()
      f.set('payload', JSON.stringify({ group_id: await group() }))
      f.set('rows', new Blob(['2\tWalker four\t13800002223']), 'rows.tsv')
      const up = (await (await h.app.request(`${API_PREFIX}/file/uploadAddressBook`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme')}` }, body: f })).json()) as { data: { upload_id: number } }
      return { as: 'acme', body: { upload_id: up.data.upload_id, idempotency_key: uuid() } }
    },
    'post /addressBook/groupMobileDetail': async () => {
      const g = await group()
      await contact(g)
      return { as: 'acme', body: { group_ids: [g] } }
    },
    // Opt-outs
    'post /optOut/add': () => ({ as: 'acme', body: { mobile: '13800003333', note: 'walk' } }),
    'post /optOut/remove': () => ({ as: 'acme', body: { mobiles: ['13800003333'], reason: 'walk' } }),
    'post /optOut/saveSettings': () => ({ as: 'globex', body: { out_keywords: ['TD'], in_keywords: ['START'], exempt_verification: false } }),
    'post /file/uploadOptOut': () => ({ as: 'acme', form: { payload: {}, files: { rows: '2\t13800004444' } } }),
    'post /optOut/importCommit': async () => {
      const f = new FormData()
      f.set('payload', '{}')
      f.set('rows', new Blob(['2\t13800004445']), 'rows.tsv')
      const up = (await (await h.app.request(`${API_PREFIX}/file/uploadOptOut`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme')}` }, body: f })).json()) as { data: { upload_id: number } }
      return { as: 'acme', body: { upload_id: up.data.upload_id } }
    },
    // API keys
    'post /apiKey/create': () => ({ as: 'acme', body: { name: 'Walk', scopes: ['records.read', 'contacts.write'], ranges: [], expires_days: 0 } }),
    'post /apiKey/rotate': async () => ({ as: 'acme', body: { key_id: await one(`select key_id from api_key where cus_id = 'acme' and name = 'Walk' order by create_time limit 1`) } }),
    'post /apiKey/revoke': async () => ({ as: 'acme', body: { key_id: await one(`select key_id from api_key where cus_id = 'acme' and name = 'Walk' order by create_time desc limit 1`) } }),
    // Alerts and rules
    'post /failureAlert/set': () => ({ as: 'acme', body: { enabled: true, threshold: 15, min_records: 500 } }),
    'post /marketing/setRule': () => ({ as: 'acme', body: { window_start: '09:00', window_end: '20:30', daily_cap: 2 } }),
    'post /marketing/setDefault': () => ({ as: 'admin', body: { window_start: '10:00', window_end: '20:00', daily_cap: 5 } }),
    // Number checks
    'post /mobileStatus/onlineCheck': () => ({ as: 'acme02', body: { mobiles: ['13800005555', '13800005556'], idempotency_key: uuid() } }),
    'post /mobileStatus/batchNumbers': async () => ({ as: 'acme02', body: { id: await one(`select id from mobile_status_batch where cus_id = 'acme02' order by id desc limit 1`) } }),
    'post /file/uploadMobileUe': () => ({ as: 'acme02', form: { payload: { file_name: 'walk.txt' }, files: { numbers: '13800006666\n13800006667' } } }),
    'post /mobileUe/uploadCheck': async () => {
      const f = new FormData()
      f.set('payload', JSON.stringify({ file_name: 'walk2.txt' }))
      f.set('numbers', new Blob(['13800006668\n13800006669']), 'numbers.txt')
      const up = (await (await h.app.request(`${API_PREFIX}/file/uploadMobileUe`, { method: 'POST', headers: { authorization: `Bearer ${await token('acme02')}` }, body: f })).json()) as { data: { batch_id: string } }
      return { as: 'acme02', body: { batch_id: up.data.batch_id, idempotency_key: uuid() } }
    },
    'post /mobileUe/downloadMobile': async () => ({ as: 'acme02', body: { format: 'csv', batch_id: await one(`select batch_id from mobile_ue_file where cus_id = 'acme02' and file_status = 2 order by create_time desc limit 1`) } }),
    'post /aim/onlineMobileCheck': () => ({ as: 'acme', body: { mobiles: ['13800007777'] } }),
    // Sending
    'post /user/groupSend': () => ({ as: 'acme01', form: { payload: { content: '【艾克米】Walk', idempotency_key: uuid() }, files: { numbers: '13800008888' } } }),
    [`post ${P2P_SEND_PATH}`]: () => ({ as: 'acme01', form: { payload: { template: '【艾克米】Walk {p1}', idempotency_key: uuid() }, files: { rows: '13800008889\tA' } } }),
    'post /shortChainTool/smsLinkGroupSend': () => ({ as: 'acme01', form: { payload: { content: '【艾克米】Walk {link}', long_url: 'https://example.com/a', idempotency_key: uuid() }, files: { numbers: '13800008890' } } }),
    'post /shortChainTool/longToShort': () => ({ as: 'acme', body: { long_url: 'https://example.com/walk' } }),
    'post /videoTemplate/videoSmsGroupSend': () => ({ as: 'acme', form: { payload: { cus_template_id: ids.videoTemplate, idempotency_key: uuid() }, files: { numbers: '13800008891' } } }),
    'post /cspTemplate/cspSmsGroupSend': async () => {
      const tpl = (await h.db.query<{ template_id: number; chatbot_id: string }>(`select template_id, chatbot_id from csp_template where cus_id = 'globex' and template_status = 4 order by template_id limit 1`)).rows[0]
      return { as: 'globex', form: { payload: { ...tpl, low_type: [1], sms_text: '【环球】Walk', idempotency_key: uuid() }, files: { numbers: '13800008892' } } }
    },
    'post /user/intlGroupSend': () => ({ as: 'admin', form: { payload: { cus_id: 'globex', content: 'Walk', idempotency_key: uuid() }, files: { numbers: '+447700900123' } } }),
    // Reads that need an id, a form or an administrator: each is called validly too, so a change it made would show.
    'post /user/getMenu': () => ({ as: 'acme', body: { permCode: 'homeSms' } }),
    'post /user/getList': () => ({ as: 'acme', body: { prodType: 0 } }),
    'post /addressBook/addressBookGroupDetail': async () => ({ as: 'acme', body: { group_id: await group() } }),
    'post /addressBook/addressBookMemberDetail': async () => ({ as: 'acme', body: { id: await contact(await group()) } }),
    'post /customer/list': () => ({ as: 'admin', body: {} }),
    'post /customer/chargeDetail': () => ({ as: 'admin', body: { cus_id: 'acme' } }),
    'get /crud/list': () => ({ as: 'admin' }),
    'post /customer/prodTypes': () => ({ as: 'admin' }),
    'post /customer/busCtys': () => ({ as: 'admin' }),
    'post /customer/customerDetail': () => ({ as: 'admin', body: { cus_id: 'acme' } }),
    'post /subAccount/detail': () => ({ as: 'acme', body: { cus_id: 'acme01' } }),
    'post /user/groupPreview': () => ({ as: 'acme01', form: { payload: { content: '【艾克米】Walk' }, files: { numbers: '13800008893' } } }),
    'post /user/intlGroupPreview': () => ({ as: 'admin', form: { payload: { cus_id: 'globex', content: 'Walk' }, files: { numbers: '+447700900124' } } }),
    'post /optOut/check': () => ({ as: 'acme01', form: { payload: { content: '【艾克米】Walk' }, files: { numbers: '13800008894' } } }),
    'post /shortChainTool/shortToLong': async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: 'https://example.com/walk-read' }, { token: await token('acme') })
      return { as: 'acme', body: { short_url: made.data.short_url } }
    },
    'post /videoTemplate/getSendContentByCusTemplateId': () => ({ as: 'acme', body: { cus_template_id: ids.videoTemplate } }),
    'post /videoTemplate/getVideoTemplate': () => ({ as: 'acme', body: { cus_template_id: ids.videoTemplate } }),
    'post /videoTemplate/getVideoTemplateByGateTemplateId': async () => {
      await h.db.query(`update video_template set gate_template_id = 'VIDWALK0001' where cus_template_id = $1`, [ids.videoTemplate])
      return { as: 'acme', body: { gate_template_id: 'VIDWALK0001' } }
    },
    'post /cspTemplate/getSendContentByCusTemplateId': async () => ({ as: 'globex', body: { template_id: await one(`select template_id from csp_template where cus_id = 'globex' and template_status = 4 order by template_id limit 1`) } }),
    'post /cspTemplate/getCspTemplate': () => ({ as: 'admin', body: { template_id: ids.cspTemplate } }),
    'post /cspTemplate/getCspTemplateByGateTemplateId': async () => {
      await h.db.query(`update csp_template set gate_template_id = 'CSPWALK0001' where template_id = $1`, [ids.cspTemplate])
      return { as: 'admin', body: { gate_template_id: 'CSPWALK0001' } }
    },
    'post /interact/messageInteractList': async () => ({ as: 'public', body: { code: await interactCode('13800001235') } }),
    'get /media/file': async () => ({ as: 'acme', query: { id: String(await one(`select material_id from material where cus_id = 'acme' order by material_id limit 1`)) } }),
    'post /batch/detail': async () => ({ as: 'acme01', body: { batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme01' order by create_time desc limit 1`) } }),
    'post /batch/failures': async () => ({ as: 'acme01', body: { batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme01' order by create_time desc limit 1`) } }),
    'post /batch/resendPreview': async () => ({ as: 'acme01', body: { batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme01' order by create_time desc limit 1`), target: 'failed' } }),
    'post /mtRecord/detail': async () => ({ as: 'acme01', body: { sn: Number(await one(`select sn from mt_record where cus_id = 'acme01' order by sn limit 1`)) } }),
    [`post ${OPEN_API_PATHS.batch}`]: async () => ({ as: 'acme', signed: {}, body: { batch_id: await one(`select batch_id from sms_batch where cus_id = 'acme' order by create_time desc limit 1`) } }),
    // The signed API
    [`post ${OPEN_API_PATHS.send}`]: () => ({ as: 'acme', signed: {}, body: { content: '【艾克米】Walk', mobiles: ['13800009999'], idempotency_key: uuid() } }),
    [`post ${OPEN_API_PATHS.p2p}`]: () => ({ as: 'acme', signed: {}, body: { template: '【艾克米】Walk {p1}', rows: [['13800009998', 'v']], idempotency_key: uuid() } }),
    [`post ${OPEN_API_PATHS.optOut}`]: () => ({ as: 'acme', signed: {}, body: { mobiles: ['13800009997'], note: 'walk' } }),
  }

  /**
   * A route with no request in CALLS: a read, or a download, asked for as a list would (a download as CSV): signed by
   * acme's app secret on the signed API, as acme with a session, or without one on a public route.
   */
  const defaultCall = (op: { security?: Record<string, unknown>[] }, kind: Kind): Call => {
    const auth = op.security?.[0] ?? null
    const body = kind === 'export' ? { format: 'csv' } : {}
    return auth && 'smsAccount' in auth ? { as: 'acme', signed: {}, body } : { as: auth ? 'acme' : 'public', body }
  }

  /** The request of `c`, its session or signature made before it is sent (so the session's row is not its change). */
  async function request(method: string, path: string, c: Call, requestId: string): Promise<[string, RequestInit]> {
    const headers: Record<string, string> = { 'x-request-id': requestId, 'accept-language': 'en', 'user-agent': 'route-walk', ...c.headers }
    if (c.as !== 'public' && !c.signed && !headers.authorization) headers.authorization = `Bearer ${await token(c.as)}`
    let url = `${API_PREFIX}${path}`
    let body: BodyInit | undefined
    if (c.form) {
      const f = new FormData()
      if (c.form.payload !== undefined) f.set('payload', JSON.stringify(c.form.payload))
      for (const [name, part] of Object.entries(c.form.files)) f.set(name, new Blob([typeof part === 'string' ? part : part.slice()]), `${name}.bin`)
      body = f
    } else if (method === 'get') {
      url += `?${new URLSearchParams(c.query ?? {})}`
    } else {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(c.body ?? {})
    }
    if (c.signed && c.as !== 'public') {
      const secret = c.signed.secret ?? await appSecretOf(h.db, c.as)
      Object.assign(headers, signatureHeaders({ account: c.as, secret }, path, String(body), { method: method.toUpperCase() }), c.signed.keyId ? { [API_KEY_HEADER]: c.signed.keyId } : {})
    }
    return [url, { method: method.toUpperCase(), headers, body }]
  }

  beforeAll(async () => {
    h = await setup({ historyRows: 300 })
    doc = (await (await h.app.request(`${API_PREFIX}/openapi.json`)).json()) as Doc
    ids.timeBatch = await one(`select time_batch from time_batch where cus_id = 'acme01' and send_status = 0 and batch_type = 0 limit 1`)
    ids.videoTemplate = await one(`select cus_template_id from video_template where cus_id = 'acme' and status = 2 limit 1`)
    ids.cspTemplate = await one(`select template_id from csp_template order by template_id limit 1`)
    // Rows each request changed, per table: a row trigger on every table of this file's database (its own copy).
    await h.db.query(`create table walk_touch (tbl text primary key, n int not null)`)
    await h.db.query(`create function walk_touched() returns trigger language plpgsql as $$ begin
      insert into walk_touch values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = walk_touch.n + 1; return null; end $$`)
    const { rows } = await h.db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' and tablename <> all($1)`, [BOOKKEEPING])
    for (const { t } of rows) await h.db.query(`create trigger walk_touch after insert or update or delete on "${t}" for each row execute function walk_touched()`)
    secrets.push(...DEMO_ACCOUNTS.map((a) => a.password), 'Walk@123456', 'Initech01@67890')
  })
  afterAll(() => h.close())

  it('keeps no request and no allowed route for a route the document no longer has', () => {
    const routes = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)))
    expect(Object.keys(CALLS).filter((k) => !routes.has(k))).toEqual([])
    expect(Object.keys(ALLOWED).filter((k) => !routes.has(k))).toEqual([])
  })

  it('leaves an entry for every write and download, with the request id it served', async () => {
    const missing: string[] = []
    let n = 0
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const key = `${method} ${path}`
        const kind = kindOf(method, path, doc)
        const make = CALLS[key]
        if (!make && kind === 'write' && !ALLOWED[key]) {
          missing.push(`${key} (${kind}): no request for it in CALLS`)
          continue
        }
        let c: Call
        try {
          c = make ? await make() : defaultCall(doc.paths[path][method] as { security?: Record<string, unknown>[] }, kind)
        } catch (e) {
          missing.push(`${key}: its request could not be made: ${String(e)}`)
          continue
        }
        const requestId = `walk-${n++}-${path.replace(/\W+/g, '-')}`.slice(0, 64)
        const [url, init] = await request(method, path, c, requestId)
        walked[key] = requestId
        await h.db.query('delete from walk_touch')
        const answer = await h.app.request(url, init)
        const res = { status: answer.status, text: await answer.text() }
        // Secrets a route hands out (a new key's, a rotated one's, the app secret shown): never in an entry.
        for (const m of res.text.matchAll(/"(?:secret|appSecret)":"([^"]{8,})"/g)) secrets.push(m[1])
        const touched = (await h.db.query<{ tbl: string }>('select tbl from walk_touch order by tbl')).rows.map((r) => r.tbl)
        const actions = (await h.db.query<{ action: string }>('select action from audit_entry where request_id = $1', [requestId])).rows.map((r) => r.action)
        const ok = res.status >= 200 && res.status < 300
        if (ALLOWED[key]) {
          if (actions.length) missing.push(`${key}: allowed as "${ALLOWED[key]}" but writes ${actions.join(', ')}: take it off ALLOWED`)
          continue
        }
        if (!ok) missing.push(`${key} (${kind}) as ${c.as}: answered ${res.status} ${res.text.slice(0, 160)}: give it a valid request in CALLS`)
        else if (kind !== 'read' && !actions.length) missing.push(`${key} (${kind}): no entry`)
        else if (kind === 'read' && touched.length && !actions.length) missing.push(`${key} (read) changed ${touched.join(', ')} and left no entry`)
      }
    }
    expect(missing).toEqual([])
  }, 120_000)

  it('says who acted, through what and for whom, in the entries added for the checks, links, answers, keys and the signed API', async () => {
    const entryOf = async (key: string) => (await h.db.query<{ action: string; cus_id: string | null; enterprise_id: string | null; actor_id: string | null; via: string; target_id: string | null; changes: unknown[] }>(
      'select action, cus_id, enterprise_id, actor_id, via, target_id, changes from audit_entry where request_id = $1 order by id', [walked[key]])).rows
    expect(await entryOf('post /mobileStatus/onlineCheck')).toEqual([expect.objectContaining({
      action: 'numbersChecked', cus_id: 'acme02', enterprise_id: 'acme', actor_id: 'acme02', via: 'console', changes: expect.arrayContaining([{ field: 'numbers', after: 2 }]),
    })])
    expect(await entryOf('post /mobileStatus/batchNumbers')).toEqual([expect.objectContaining({ action: 'exported', cus_id: 'acme02', target_id: '/mobileStatus/batchNumbers' })])
    expect((await entryOf('post /file/uploadMobileUe'))[0]).toMatchObject({ action: 'ueFileUploaded', cus_id: 'acme02', changes: expect.arrayContaining([{ field: 'numbers', after: 2 }]) })
    expect((await entryOf('post /mobileUe/uploadCheck'))[0]).toMatchObject({ action: 'ueCheckStarted', cus_id: 'acme02' })
    expect((await entryOf('post /shortChainTool/longToShort'))[0]).toMatchObject({ action: 'shortLinkMade', cus_id: 'acme', changes: [{ field: 'long_url', after: 'https://example.com/walk' }] })
    // A recipient answered: the entry is in the trail of the account whose page it is, and no account acted.
    expect((await entryOf('post /interact/messageInteractSend'))[0]).toMatchObject({
      action: 'interactionAnswered', cus_id: 'acme01', enterprise_id: 'acme', actor_id: null, via: 'public', changes: [{ field: 'mobile', after: '13800001234' }, { field: 'content', after: 'Yes' }],
    })
    expect((await entryOf(`post ${OPEN_API_PATHS.optOut}`))[0]).toMatchObject({ action: 'optOutAdded', cus_id: 'acme', actor_id: 'acme', via: 'api', target_id: '13800009997' })
    expect((await entryOf('post /addressBook/groupMobileDetail'))[0]).toMatchObject({ action: 'exported', cus_id: 'acme', target_id: '/addressBook/groupMobileDetail' })
    for (const [key, action] of [['post /apiKey/create', 'apiKeyCreated'], ['post /apiKey/rotate', 'apiKeyRotated']] as const) {
      expect((await entryOf(key))[0], key).toMatchObject({ action, cus_id: 'acme', changes: expect.arrayContaining([{ field: 'secret', changed: true }]) })
    }
    expect((await entryOf('post /apiKey/revoke'))[0]).toMatchObject({ action: 'apiKeyRevoked', cus_id: 'acme' })
  })

  it('writes only actions of the catalogue, and never a password, secret or code the walk used or was given', async () => {
    const { rows } = await h.db.query<{ action: string; changes: unknown; target_id: string | null }>(`select action, changes, target_id from audit_entry where request_id like 'walk-%'`)
    expect(rows.length).toBeGreaterThan(100)
    expect(rows.map((r) => r.action).filter((a) => !isAuditAction(a))).toEqual([])
    const text = JSON.stringify(rows)
    expect(secrets.length).toBeGreaterThan(DEMO_ACCOUNTS.length + 3)
    expect(secrets.filter((s) => text.includes(s))).toEqual([])
  })
})
