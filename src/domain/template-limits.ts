import type { z } from 'zod'

/*
 * Limits of templates that carriers apply, checked by the console before it submits and again by the server.
 *
 * 5G (RCS) cards. China's 5G messages follow GSMA RCC.07 (RCS Universal Profile), whose rich card limits the
 * public RBM gateways also publish: card title at most 200 characters, card description at most 2,000, at most 4
 * suggestions (buttons) per card, suggestion text at most 25 characters, postback/URL at most 2,048, text message body
 * at most 3,072 (AWS End User Messaging "RCS limits and restrictions"; Google RBM RbmCarouselCard). A carousel: Google
 * and AWS cap it at 10 cards, China Mobile's 5G message platform (MaaP) at 15; we allow the MaaP's 15 and 1 (a
 * single rich card).
 *
 * Video SMS (视频短信): the template's pictures, audio, video and text together at most 1,900 KB (Tencent Cloud's
 * video SMS template specification, which the three Chinese carriers' gateways share); that is the list's size in
 * KB. The frame count and the theme length are ours: 10 frames and a 30-character theme keep the handset preview
 * readable (carriers publish the total size, not a frame count).
 *
 * Signature (签名): 2 to 20 characters, the range Chinese SMS gateways accept for 【…】 signatures.
 */
export const TEMPLATE_LIMITS = {
  cspNameChars: 50,
  cspTextChars: 3_072,
  cardsMin: 1,
  cardsMax: 15,
  cardTitleChars: 200,
  cardTextChars: 2_000,
  buttonsPerCard: 4,
  buttonNameChars: 25,
  buttonValueChars: 2_048,
  autographMin: 2,
  autographMax: 20,
  framesMin: 1,
  framesMax: 10,
  frameTextChars: 500,
  videoTitleChars: 30,
  videoTotalKb: 1_900,
  reasonChars: 200,
} as const

/** The issue keys a template schema reports beyond the generic ones (required, tooLong, invalidValue). */
export const TEMPLATE_ISSUE_KEYS = [
  'cspCardCount', 'cspButtonCount', 'cspCardEmpty', 'cspButtonUrl', 'cspButtonPhone', 'cspAutographLength',
  'videoFrameCount', 'videoTooLarge', 'materialMissing', 'materialKind', 'marketingOptOut',
] as const
export type TemplateIssueKey = (typeof TEMPLATE_ISSUE_KEYS)[number]
export const isTemplateIssueKey = (s: string): s is TemplateIssueKey => (TEMPLATE_ISSUE_KEYS as readonly string[]).includes(s)

const L = TEMPLATE_LIMITS
/** The numbers each message names. */
export const TEMPLATE_ISSUE_VARS: Record<TemplateIssueKey, Record<string, number>> = {
  cspCardCount: { min: L.cardsMin, max: L.cardsMax },
  cspButtonCount: { max: L.buttonsPerCard },
  cspCardEmpty: {},
  cspButtonUrl: {},
  cspButtonPhone: {},
  cspAutographLength: { min: L.autographMin, max: L.autographMax },
  videoFrameCount: { min: L.framesMin, max: L.framesMax },
  videoTooLarge: { max: L.videoTotalKb },
  materialMissing: {},
  materialKind: {},
  marketingOptOut: {},
}

/**
 * The words of each issue key, both languages (server refusals use them through messages.ts; an editor may show
 * them with serverMessage(key, locale, TEMPLATE_ISSUE_VARS[key])).
 */
export const TEMPLATE_MESSAGES = {
  cspCardCount: { 'zh-CN': '卡片数量须为 {min} 到 {max} 张', en: 'A message has {min} to {max} cards' },
  cspButtonCount: { 'zh-CN': '每张卡片最多 {max} 个按钮', en: 'A card has at most {max} buttons' },
  cspCardEmpty: { 'zh-CN': '卡片须有标题或正文', en: 'A card needs a title or a text' },
  cspButtonUrl: { 'zh-CN': '打开链接按钮须填写 http(s) 地址', en: 'An open-link button needs an http(s) address' },
  cspButtonPhone: { 'zh-CN': '拨号按钮须填写电话号码', en: 'A dial button needs a phone number' },
  cspAutographLength: { 'zh-CN': '签名须为 {min} 到 {max} 个字符', en: 'The signature has {min} to {max} characters' },
  videoFrameCount: { 'zh-CN': '视频模板须有 {min} 到 {max} 帧', en: 'A video template has {min} to {max} frames' },
  videoTooLarge: {
    'zh-CN': '视频模板总大小 {size} KB，超过运营商上限 {max} KB',
    en: 'The video template totals {size} KB, over the carriers’ limit of {max} KB',
  },
  materialMissing: { 'zh-CN': '素材不存在或不属于本账号', en: 'The material does not exist or is not this account’s' },
  materialKind: { 'zh-CN': '该素材类型不能用在这里（须为图片、视频或音频）', en: 'This material cannot be used here (image, video or audio only)' },
  marketingOptOut: {
    'zh-CN': '营销短信须含退订方式，如“回T退订”或“拒收请回复R”',
    en: 'A marketing message must say how to opt out, such as “回T退订” or “Reply STOP to opt out”',
  },
  templateReviewed: { 'zh-CN': '该模板已审核，不能再次审核', en: 'This template has already been reviewed' },
  templateInUse: {
    'zh-CN': '定时批次 {batches} 尚未发送且使用该模板，不能删除',
    en: 'Timed batches not yet sent use this template ({batches}); it cannot be deleted',
  },
  templateApprovedTitle: { 'zh-CN': '模板审核通过', en: 'Template approved' },
  templateRejectedTitle: { 'zh-CN': '模板审核未通过', en: 'Template rejected' },
  contentTemplateApproved: { 'zh-CN': '内容模板“{name}”已审核通过，可以发送', en: 'Content template “{name}” was approved and can be sent' },
  contentTemplateRejected: { 'zh-CN': '内容模板“{name}”未通过审核：{reason}', en: 'Content template “{name}” was rejected: {reason}' },
  cspTemplateApproved: { 'zh-CN': '5G消息模板“{name}”已审核通过，可以发送', en: '5G message template “{name}” was approved and can be sent' },
  cspTemplateRejected: { 'zh-CN': '5G消息模板“{name}”未通过审核：{reason}', en: '5G message template “{name}” was rejected: {reason}' },
  videoTemplateApproved: { 'zh-CN': '视频短信模板“{name}”已审核通过，可以发送', en: 'Video SMS template “{name}” was approved and can be sent' },
  videoTemplateRejected: { 'zh-CN': '视频短信模板“{name}”未通过审核：{reason}', en: 'Video SMS template “{name}” was rejected: {reason}' },
  templateReviewDone: { 'zh-CN': '审核结果已保存', en: 'Review saved' },
  templateDeleted: { 'zh-CN': '模板已删除', en: 'Template deleted' },
  templateSubmitted: { 'zh-CN': '模板已提交，等待审核', en: 'Template submitted for review' },
  reviewSensitive: { 'zh-CN': '含有敏感词“{word}”', en: 'Contains the sensitive word “{word}”' },
  reviewApproved: { 'zh-CN': '审核通过', en: 'Approved' },
} as const

/** The first issue of a failed template parse that names a template limit, with its numbers; null when none does. */
export function templateIssue(error: z.ZodError): { path: PropertyKey[]; key: TemplateIssueKey; vars: Record<string, number> } | null {
  const i = error.issues.find((x) => isTemplateIssueKey(x.message))
  return i ? { path: i.path, key: i.message as TemplateIssueKey, vars: TEMPLATE_ISSUE_VARS[i.message as TemplateIssueKey] } : null
}

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length

/**
 * A video template's size in bytes as the carriers count it and the list shows it (KB): each frame's media (a
 * material used twice is carried twice) plus the UTF-8 bytes of the theme and every frame's text.
 */
export function videoTemplateBytes(title: string, frames: { mediaBytes: number; text: string }[]): number {
  return utf8Bytes(title) + frames.reduce((sum, f) => sum + f.mediaBytes + utf8Bytes(f.text), 0)
}
