import { auditDownloadSchema, auditSearchSchema } from './lists/audit'
import { failureAlertSchema } from './failure-alert'
import { marketingRuleSchema } from './marketing'
import { allowedAddressesSchema } from './allowed-addresses'
import { apiKeyCreateSchema, apiKeyRefSchema, apiKeyRotateSchema, apiKeySearchSchema } from './api-keys'
import { twoFactorDisableSchema, twoFactorEnableSchema, twoFactorLoginSchema, twoFactorPolicySchema, twoFactorSetupBeginSchema } from './two-factor'
import { batchRefSchema, recordRefSchema, resendPreviewSchema, resendSchema } from './batch'
import type { z } from 'zod'
import { accountListSchema, errorLogUploadSchema } from './account'
import { getAppSecretSchema, rotateAppSecretSchema } from './app-secret'
import { loginSchema, registerSchema, sendAuthCodeSchema, sendLoginCodeSchema, smsLoginSchema } from './auth'
import {
  accountRefSchema, chargeDetailSchema, customerAddSchema, customerChargeSchema, customerQuotaSchema, subAccountAddSchema, subAccountChargeSchema,
} from './customers'
import { groupMobileDetailSchema, hasMemberGroupListSchema } from './group-numbers'
import { interactAnswerSchema, interactViewSchema } from './interact'
import { accountSearchSchema } from './lists/accounts'
import { contactSearchSchema, groupSearchSchema } from './lists/address-book'
import { crudAddSchema, crudDeleteSchema, crudSearchSchema, crudUpdateSchema } from './lists/crud'
import {
  checkStatSearchSchema, mobileStatusBatchSearchSchema, mobileStatusStatSearchSchema, mobileUeDownloadSchema, mobileUeSearchSchema,
} from './lists/number-check'
import { downloadFormatShape } from './lists/query'
import { rechargeSearchSchema } from './lists/recharge'
import {
  interactDownloadSchema, interactSearchSchema, moRecordDownloadSchema, moRecordSearchSchema, mtRecordDownloadSchema, mtRecordSearchSchema,
  newMtRecordDownloadSchema, newMtRecordSearchSchema, shortLinkDownloadSchema, shortLinkSearchSchema,
} from './lists/records'
import {
  batchMobileSearchSchema, batchSearchSchema, countryStatSearchSchema, dimeSearchSchema, gatheringSearchSchema, indexInfoSearchSchema,
  replyCountSearchSchema, batchTrendSearchSchema, trendSearchSchema,
} from './lists/stats'
import { contentTemplateSearchSchema, cspTemplateSearchSchema, videoTemplateSearchSchema } from './lists/templates'
import {
  contentTemplateAddSchema, contentTemplateDeleteSchema, cspTemplateAddSchema, cspTemplateIdSchema, gateTemplateIdSchema,
  templateReviewSchema, videoTemplateAddSchema, videoTemplateIdSchema,
} from './templates-write'
import { failureSearchSchema, failureTrendSearchSchema } from './lists/failures'
import { timedBatchSearchSchema, timedDetailSearchSchema, timedEditSchema, timedMobileDownloadSchema, timedOperationSchema } from './lists/timed'
import { getMenuSchema } from './menu'
import { noticeListSchema, noticeReadSchema } from './notice'
import { batchNumbersSchema, onlineCheckSchema } from './number-check-online'
import { aimCheckSchema, ueUploadCheckSchema, ueUploadSchema } from './number-check-ue'
import { pushLogSearchSchema, pushUrlModifySchema } from './push'
import { groupPreviewSchema, groupSendSchema, P2P_SEND_PATH, p2pSendSchema } from './send'
import { chatbotListRequestSchema, cspContentRequestSchema, cspSendSchema } from './send-csp'
import { intlPreviewSchema, intlSendSchema } from './send-intl'
import { linkInfoSchema, linkSendSchema, longToShortSchema, shortToLongSchema } from './send-link'
import { videoSendSchema, videoTemplateRequestSchema } from './send-video'
import { balanceWarnSchema } from './warn'
import { aimTemplateSearchSchema, materialDeleteSchema, materialSearchSchema, mediaQuerySchema, uploadFieldsSchema } from './materials'
import {
  groupAddSchema, groupDelSchema, groupModSchema, groupRefSchema, memberAddSchema, memberDelSchema, memberModSchema, memberMoveSchema, memberRefSchema,
} from './address-book-write'
import { importCommitSchema, importUploadSchema } from './contact-import'
import { certificationSchema, modifyCusNameSchema, modifyMobileSchema, modifyPasswordSchema, sendBindCodeSchema } from './user-settings'
import { signatureSearchSchema } from './lists/signatures'
import { signatureAddSchema, signatureIdSchema, signatureReviewSchema, signatureUsableSchema } from './signatures'
import { OPEN_API_PATHS, openBalanceSchema, openBatchQuerySchema, openOptOutSchema, openP2pSchema, openSendSchema } from './signed-api'
import {
  optOutAddSchema, optOutCheckSchema, optOutImportCommitSchema, optOutImportUploadSchema, optOutRemoveSchema, optOutSearchSchema, optOutSettingsSchema,
} from './opt-outs'

/**
 * Every call of the API (under API_PREFIX), as data. Each server route is registered by its entry
 * (server/http/operation.ts), which reads the route's input through the entry's schema; the OpenAPI document
 * (/api/openapi.json) is generated from the entries the routes serve, so the two cannot drift.
 *
 * - request: `none` (no body read), `json` (the body through `schema`), `query` (URL parameters through `schema`),
 *   `multipart` (a `payload` JSON field through `schema` and one of `files`, see send.ts; `media`: the file is binary).
 * - auth: `none` (public), `bearer` (the session token in `Authorization: Bearer`), `signature` (the app secret's
 *   HMAC signature headers of a customer's own system, signed-api.ts; never a session or cookie).
 * - reply: `json` (the envelope of api.ts), `file` (xlsx or csv, streamed), `text` (text/plain, streamed), `svg`,
 *   `openapi` (the document itself), `media` (a stored image, video or audio with its own type; ranges honoured).
 */
export type OperationRequest =
  | { kind: 'none' }
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'query'; schema: z.ZodType }
  | { kind: 'multipart'; schema: z.ZodType; files: readonly string[]; media?: true }

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  tag: string
  auth: 'none' | 'bearer' | 'signature'
  request: OperationRequest
  reply: 'json' | 'file' | 'text' | 'svg' | 'openapi' | 'media'
}

const none = { kind: 'none' } as const
const json = <S extends z.ZodType>(schema: S) => ({ kind: 'json', schema }) as const
const form = <S extends z.ZodType, const F extends string[]>(schema: S, ...files: F) => ({ kind: 'multipart', schema, files }) as const
const download = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => json(schema.extend(downloadFormatShape))
/** A media upload: the binary `file` part (judged by content) and an optional JSON `payload` of its fields. */
const media = <S extends z.ZodType>(schema: S) => ({ kind: 'multipart', schema, files: ['file'], media: true }) as const

type Row = readonly [path: string, request: OperationRequest, reply?: Operation['reply'], method?: Operation['method']]
/** An operation keeping its own path and request types, so a route declared by its path gets its schema's type. */
type Declared<R> = R extends Row ? Operation & { path: R[0]; request: R[1] } : never

function area<const R extends readonly Row[]>(tag: string, auth: Operation['auth'], rows: R): { [I in keyof R]: Declared<R[I]> } {
  return rows.map(([path, request, reply = 'json', method = 'post']) => ({ method, path, tag, auth, request, reply })) as never
}

export const OPERATIONS = [
  ...area('public', 'none', [
    ['/openapi.json', none, 'openapi', 'get'],
    ['/setting/getClientWebSiteBeian', none],
    ['/code/captcha', none],
    ['/user/publicKey', none],
    ['/user/login', json(loginSchema)],
    ['/user/sendLoginAuthCode', json(sendLoginCodeSchema)],
    ['/user/loginBySmsCode', json(smsLoginSchema)],
    ['/user/login2fa', json(twoFactorLoginSchema)],
    ['/user/login2fa/begin', json(twoFactorSetupBeginSchema)],
    ['/user/sendAuthCode', json(sendAuthCodeSchema)],
    ['/user/epRegist', json(registerSchema)],
  ]),
  ...area('interact', 'none', [
    ['/interact/messageInteractList', json(interactViewSchema)],
    ['/interact/messageInteractSend', json(interactAnswerSchema)],
  ]),
  ...area('session', 'bearer', [
    ['/user/getUserInfo', none],
    ['/user/refesh', none],
    ['/user/logout', none],
    ['/user/getTopMenu', none],
    ['/user/getMenu', json(getMenuSchema)],
    ['/user/getList', json(accountListSchema)],
    ['/user/getBusCtyList', none],
    ['/errorLog/upload', json(errorLogUploadSchema)],
  ]),
  ...area('settings', 'bearer', [
    ['/user/passwordNonce', none],
    ['/user/modifyPassword', json(modifyPasswordSchema)],
    ['/user/twoFactor/status', none],
    ['/user/twoFactor/begin', none],
    ['/user/twoFactor/enable', json(twoFactorEnableSchema)],
    ['/user/twoFactor/disable', json(twoFactorDisableSchema)],
    ['/user/twoFactor/policy/get', none],
    ['/user/twoFactor/policy/set', json(twoFactorPolicySchema)],
    ['/user/allowedAddresses/get', none],
    ['/user/allowedAddresses/set', json(allowedAddressesSchema)],
    ['/user/sendBindCode', json(sendBindCodeSchema)],
    ['/user/modifyMobile', json(modifyMobileSchema)],
    ['/user/modifyCusName', json(modifyCusNameSchema)],
    ['/user/certification', json(certificationSchema)],
    ['/user/certificationInfo', none],
  ]),
  ...area('account-alerts', 'bearer', [
    ['/user/getAppsecret', json(getAppSecretSchema)],
    ['/user/rotateAppsecret', json(rotateAppSecretSchema)],
    ['/warn/getCusBneWarnInfo', none],
    ['/warn/modifyCusBneWarn', json(balanceWarnSchema)],
    ['/user/getOperatorPatterns', none],
    ['/notice/list', json(noticeListSchema)],
    ['/notice/unreadCount', none],
    ['/home/summary', none],
    ['/notice/read', json(noticeReadSchema)],
  ]),
  ...area('records', 'bearer', [
    ['/mtRecord/list', json(mtRecordSearchSchema)],
    ['/mtRecord/download', json(mtRecordDownloadSchema), 'file'],
    ['/newMtRecord/list', json(newMtRecordSearchSchema)],
    ['/newMtRecord/download', json(newMtRecordDownloadSchema), 'file'],
    ['/moRecord/list', json(moRecordSearchSchema)],
    ['/moRecord/download', json(moRecordDownloadSchema), 'file'],
    ['/interact/list', json(interactSearchSchema)],
    ['/interact/download', json(interactDownloadSchema), 'file'],
    ['/shortChainTool/list', json(shortLinkSearchSchema)],
    ['/shortChainTool/download', json(shortLinkDownloadSchema), 'file'],
    ['/mtRecord/detail', json(recordRefSchema)],
  ]),
  ...area('batch', 'bearer', [
    ['/batch/detail', json(batchRefSchema)],
    ['/batch/failures', json(batchRefSchema)],
    ['/batch/resendPreview', json(resendPreviewSchema)],
    ['/batch/resend', json(resendSchema)],
    ['/batch/cancel', json(batchRefSchema)],
    ['/batch/failedDownload', download(batchRefSchema), 'file'],
  ]),
  ...area('statistics', 'bearer', [
    ['/dataGathering/batchList', json(batchSearchSchema)],
    ['/dataGathering/downloadBatch', download(batchSearchSchema), 'file'],
    ['/dataGathering/mobileDownload', download(batchMobileSearchSchema), 'file'],
    ['/dataGathering/list', json(gatheringSearchSchema)],
    ['/dataGathering/dimeList', json(dimeSearchSchema)],
    ['/dataGathering/downloadDimeList', download(dimeSearchSchema), 'file'],
    ['/dataGathering/countryList', json(countryStatSearchSchema)],
    ['/dataGathering/getSmsIndexInfo', json(indexInfoSearchSchema)],
    ['/dataGathering/getNormalSmsIndexInfo', json(indexInfoSearchSchema)],
    ['/dataGathering/queryReplyCount', json(replyCountSearchSchema)],
    ['/dataGathering/trend', json(trendSearchSchema)],
    ['/dataGathering/batchTrend', json(batchTrendSearchSchema)],
    ['/dataGathering/failureList', json(failureSearchSchema)],
    ['/dataGathering/failureTrend', json(failureTrendSearchSchema)],
  ]),
  ...area('timed', 'bearer', [
    ['/pageTimeBatch/list', json(timedBatchSearchSchema)],
    ['/timeMtMessage/list', json(timedDetailSearchSchema)],
    ['/pageTimeBatch/operation', json(timedOperationSchema)],
    ['/pageTimeBatch/edit', json(timedEditSchema)],
    ['/pageTimeBatch/mobileDownload', download(timedMobileDownloadSchema), 'file'],
  ]),
  ...area('accounts', 'bearer', [
    ['/recharge/list', json(rechargeSearchSchema)],
    ['/user/getPushUrl', none],
    ['/user/pushUrlModify', json(pushUrlModifySchema)],
    ['/user/pushUrlClear', none],
    ['/pushLog/list', json(pushLogSearchSchema)],
    ['/epRecharge/list', json(rechargeSearchSchema)],
    ['/user/subAccountList', json(accountSearchSchema)],
    ['/customer/list', json(accountSearchSchema)],
    ['/crud/list', { kind: 'query', schema: crudSearchSchema }, 'json', 'get'],
    ['/crud/add', json(crudAddSchema)],
    ['/crud/update', json(crudUpdateSchema), 'json', 'put'],
    ['/crud/delete', json(crudDeleteSchema), 'json', 'delete'],
  ]),
  ...area('customers', 'bearer', [
    ['/customer/prodTypes', none],
    ['/customer/busCtys', none],
    ['/customer/customerAdd', json(customerAddSchema)],
    ['/customer/closeCustomer', json(accountRefSchema)],
    ['/customer/openCustomer', json(accountRefSchema)],
    ['/customer/customerDetail', json(accountRefSchema)],
    ['/customer/customerCharge', json(customerChargeSchema)],
    ['/customer/customerQuota', json(customerQuotaSchema)],
    ['/customer/chargeDetail', json(chargeDetailSchema)],
    ['/subAccount/add', json(subAccountAddSchema)],
    ['/subAccount/charge', json(subAccountChargeSchema)],
    ['/subAccount/close', json(accountRefSchema)],
    ['/subAccount/open', json(accountRefSchema)],
    ['/subAccount/detail', json(accountRefSchema)],
  ]),
  ...area('templates', 'bearer', [
    ['/contentTemplate/list', json(contentTemplateSearchSchema)],
    ['/videoTemplate/list', json(videoTemplateSearchSchema)],
    ['/cspTemplate/list', json(cspTemplateSearchSchema)],
    ['/user/templateAdd', json(contentTemplateAddSchema)],
    ['/contentTemplate/contentTemplateAdd', json(contentTemplateAddSchema)],
    ['/contentTemplate/contentTemplateDelete', json(contentTemplateDeleteSchema)],
    ['/contentTemplate/review', json(templateReviewSchema)],
    ['/cspTemplate/add', json(cspTemplateAddSchema)],
    ['/cspTemplate/templateDel', json(cspTemplateIdSchema)],
    ['/cspTemplate/getCspTemplate', json(cspTemplateIdSchema)],
    ['/cspTemplate/getCspTemplateByGateTemplateId', json(gateTemplateIdSchema)],
    ['/cspTemplate/downloadTemplate', json(cspTemplateIdSchema), 'file'],
    ['/cspTemplate/review', json(templateReviewSchema)],
    ['/videoTemplate/add', json(videoTemplateAddSchema)],
    ['/videoTemplate/templateDel', json(videoTemplateIdSchema)],
    ['/videoTemplate/getVideoTemplateByGateTemplateId', json(gateTemplateIdSchema)],
    ['/videoTemplate/downloadTemplate', json(videoTemplateIdSchema), 'file'],
    ['/videoTemplate/review', json(templateReviewSchema)],
  ]),
  ...area('signatures', 'bearer', [
    ['/signature/list', json(signatureSearchSchema)],
    ['/signature/add', json(signatureAddSchema)],
    ['/signature/withdraw', json(signatureIdSchema)],
    ['/signature/delete', json(signatureIdSchema)],
    ['/signature/review', json(signatureReviewSchema)],
    ['/signature/usable', json(signatureUsableSchema)],
  ]),
  ...area('materials', 'bearer', [
    ['/file/upload', media(uploadFieldsSchema)],
    ['/file/uploadAimMaterial', media(uploadFieldsSchema)],
    ['/file/uploadCspMaterial', media(uploadFieldsSchema)],
    ['/file/uploadVideoMaterial', media(uploadFieldsSchema)],
    ['/file/uploadSignatureProof', media(uploadFieldsSchema)],
    ['/aim/materialList', json(materialSearchSchema)],
    ['/aim/materialDelete', json(materialDeleteSchema)],
    ['/aim/templateList', json(aimTemplateSearchSchema)],
    ['/media/file', { kind: 'query', schema: mediaQuerySchema }, 'media', 'get'],
  ]),
  ...area('address-book', 'bearer', [
    ['/addressBook/list', json(contactSearchSchema)],
    ['/addressBook/groupList', json(groupSearchSchema)],
    ['/addressBook/download', download(contactSearchSchema), 'file'],
    ['/addressBook/hasMemberGroupList', json(hasMemberGroupListSchema)],
    ['/addressBook/groupMobileDetail', json(groupMobileDetailSchema), 'text'],
    ['/addressBook/addressBookGroupAdd', json(groupAddSchema)],
    ['/addressBook/addressBookGroupMod', json(groupModSchema)],
    ['/addressBook/addressBookGroupDel', json(groupDelSchema)],
    ['/addressBook/addressBookGroupDetail', json(groupRefSchema)],
    ['/addressBook/addressBookMemberAdd', json(memberAddSchema)],
    ['/addressBook/addressBookMemberImport', json(importCommitSchema)],
    ['/file/uploadAddressBook', form(importUploadSchema, 'rows')],
    ['/addressBook/addressBookMemberMod', json(memberModSchema)],
    ['/addressBook/addressBookMemberDel', json(memberDelSchema)],
    ['/addressBook/addressBookMemberMove', json(memberMoveSchema)],
    ['/addressBook/addressBookMemberDetail', json(memberRefSchema)],
  ]),
  ...area('opt-outs', 'bearer', [
    ['/optOut/list', json(optOutSearchSchema)],
    ['/optOut/download', download(optOutSearchSchema), 'file'],
    ['/optOut/add', json(optOutAddSchema)],
    ['/optOut/remove', json(optOutRemoveSchema)],
    ['/optOut/settings', none],
    ['/optOut/saveSettings', json(optOutSettingsSchema)],
    ['/optOut/check', form(optOutCheckSchema, 'numbers', 'rows')],
    ['/file/uploadOptOut', form(optOutImportUploadSchema, 'rows')],
    ['/optOut/importCommit', json(optOutImportCommitSchema)],
  ]),
  ...area('api-keys', 'bearer', [
    ['/apiKey/list', json(apiKeySearchSchema)],
    ['/apiKey/create', json(apiKeyCreateSchema)],
    ['/apiKey/rotate', json(apiKeyRotateSchema)],
    ['/apiKey/revoke', json(apiKeyRefSchema)],
  ]),
  ...area('audit', 'bearer', [
    ['/audit/list', json(auditSearchSchema)],
    ['/audit/download', json(auditDownloadSchema), 'file'],
  ]),
  ...area('failure-alert', 'bearer', [
    ['/failureAlert/get', none],
    ['/failureAlert/set', json(failureAlertSchema)],
  ]),
  ...area('marketing', 'bearer', [
    ['/marketing/getRule', none],
    ['/marketing/setRule', json(marketingRuleSchema)],
    ['/marketing/setDefault', json(marketingRuleSchema)],
  ]),
  ...area('number-check', 'bearer', [
    ['/mobileStatus/mobileStatusStatistics', json(mobileStatusStatSearchSchema)],
    ['/mobileBlack/mobileBlackStatistics', json(checkStatSearchSchema)],
    ['/numberPorting/numberPortingStatistics', json(checkStatSearchSchema)],
    ['/mobileUe/list', json(mobileUeSearchSchema)],
    ['/mobileUe/downloadMobile', json(mobileUeDownloadSchema), 'file'],
    ['/file/uploadMobileUe', form(ueUploadSchema, 'numbers')],
    ['/mobileUe/uploadCheck', json(ueUploadCheckSchema)],
    ['/aim/onlineMobileCheck', json(aimCheckSchema), 'file'],
    ['/mobileStatus/list', json(mobileStatusBatchSearchSchema)],
    ['/mobileStatus/checkInfo', none],
    ['/mobileStatus/onlineCheck', json(onlineCheckSchema)],
    ['/mobileStatus/batchNumbers', json(batchNumbersSchema)],
  ]),
  ...area('send', 'bearer', [
    ['/user/groupSend', form(groupSendSchema, 'numbers')],
    ['/user/groupPreview', form(groupPreviewSchema, 'numbers', 'rows')],
    [P2P_SEND_PATH, form(p2pSendSchema, 'rows')],
    ['/shortChainTool/smsLinkGroupSend', form(linkSendSchema, 'numbers')],
    ['/shortChainTool/smsLinkInfo', json(linkInfoSchema)],
    ['/shortChainTool/longToShort', json(longToShortSchema)],
    ['/shortChainTool/shortToLong', json(shortToLongSchema)],
    ['/videoTemplate/videoSmsGroupSend', form(videoSendSchema, 'numbers')],
    ['/videoTemplate/getSendContentByCusTemplateId', json(videoTemplateRequestSchema)],
    ['/videoTemplate/getVideoTemplate', json(videoTemplateRequestSchema)],
    ['/user/getChatbotList', json(chatbotListRequestSchema)],
    ['/cspTemplate/getSendContentByCusTemplateId', json(cspContentRequestSchema)],
    ['/cspTemplate/cspSmsGroupSend', form(cspSendSchema, 'numbers')],
    ['/user/intlGroupSend', form(intlSendSchema, 'numbers')],
    ['/user/intlGroupPreview', form(intlPreviewSchema, 'numbers')],
  ]),
  ...area('signed', 'signature', [
    [OPEN_API_PATHS.send, json(openSendSchema)],
    [OPEN_API_PATHS.p2p, json(openP2pSchema)],
    [OPEN_API_PATHS.batch, json(openBatchQuerySchema)],
    [OPEN_API_PATHS.balance, json(openBalanceSchema)],
    [OPEN_API_PATHS.optOut, json(openOptOutSchema)],
  ]),
]

export type OperationPath = (typeof OPERATIONS)[number]['path']
/** The operation at `path`, with its own schema's type (server/http/operation.ts hands a route its input by it). */
export type OperationAt<P extends OperationPath> = Extract<(typeof OPERATIONS)[number], { path: P }>

const BY_PATH = new Map<string, Operation>()
for (const op of OPERATIONS) {
  if (BY_PATH.has(op.path)) throw new Error(`two operations at ${op.path}`)
  BY_PATH.set(op.path, op)
}

export const operationAt = <P extends OperationPath>(path: P): OperationAt<P> => BY_PATH.get(path) as OperationAt<P>
