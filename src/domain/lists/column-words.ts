import type { Locale } from '../constants'
import type { HeaderWords } from './query'

/*
 * The one set of column words: every list's grid header (the `lists.columns` dictionary area takes its words from
 * here, src/i18n/*\/lists.ts) and every file the server writes (its download columns name a key, server/routes/**).
 * A column is called the same on the screen, in "Export view" and in "Download all". The server cannot import the
 * dictionaries, so the words live in the domain; the dictionaries only add what takes parameters.
 *
 * Kept import-free but for types: the typesafe-i18n generator compiles and runs the dictionaries with what they import.
 */
export const COLUMN_WORDS = {
  failureCode: { 'zh-CN': '失败代码', en: 'Failure code' },
  failureKind: { 'zh-CN': '性质', en: 'Kind' },
  operator: { 'zh-CN': '运营商', en: 'Operator' },
  failureShare: { 'zh-CN': '占全部失败', en: 'Share of failures' },
  operatorSent: { 'zh-CN': '运营商已发送数', en: 'Sent to the operator' },
  failureRate: { 'zh-CN': '占该运营商已发送', en: 'Of the operator\'s sent' },
  account: { 'zh-CN': '账号', en: 'Account' },
  accountName: { 'zh-CN': '账号名称', en: 'Account name' },
  mobile: { 'zh-CN': '手机号码', en: 'Mobile' },
  content: { 'zh-CN': '短信内容', en: 'Content' },
  month: { 'zh-CN': '月份', en: 'Month' },
  sendStatus: { 'zh-CN': '发送状态', en: 'Send status' },
  statusDesc: { 'zh-CN': '状态描述', en: 'Status description' },
  submitTime: { 'zh-CN': '提交时间', en: 'Submitted' },
  reportTime: { 'zh-CN': '状态报告时间', en: 'Reported' },
  batchId: { 'zh-CN': '批次号', en: 'Batch ID' },
  subject: { 'zh-CN': '主题', en: 'Subject' },
  templateName: { 'zh-CN': '模板名称', en: 'Template name' },
  country: { 'zh-CN': '国家/地区', en: 'Country' },
  countryCode: { 'zh-CN': '国家代码', en: 'Country code' },
  price: { 'zh-CN': '单价', en: 'Price' },
  callingNumber: { 'zh-CN': '上行端口号', en: 'Reply port number' },
  uplinkTime: { 'zh-CN': '上行时间', en: 'Reply time' },
  wholeContent: { 'zh-CN': '完整内容', en: 'Whole content' },
  promotionLink: { 'zh-CN': '推广链接', en: 'Promotion link' },
  clickStatus: { 'zh-CN': '点击状态', en: 'Clicked' },
  clickTime: { 'zh-CN': '点击时间', en: 'Click time' },
  osystem: { 'zh-CN': '操作系统', en: 'System' },
  browser: { 'zh-CN': '浏览器', en: 'Browser' },
  batchType: { 'zh-CN': '类型', en: 'Type' },
  createTime: { 'zh-CN': '创建时间', en: 'Created' },
  successCount: { 'zh-CN': '成功数', en: 'Delivered' },
  failureCount: { 'zh-CN': '失败数', en: 'Failed' },
  timedBatch: { 'zh-CN': '定时批次号', en: 'Timed batch' },
  batchCount: { 'zh-CN': '号码数', en: 'Numbers' },
  timingTime: { 'zh-CN': '定时时间', en: 'Scheduled for' },
  gatheringTime: { 'zh-CN': '统计时间', en: 'Date' },
  requestCount: { 'zh-CN': '检测数', en: 'Checked' },
  deadCount: { 'zh-CN': '空号', en: 'Vacant' },
  realCount: { 'zh-CN': '实号', en: 'Active' },
  downCount: { 'zh-CN': '停机', en: 'Suspended' },
  notCount: { 'zh-CN': '库无', en: 'No record' },
  silenceCount: { 'zh-CN': '沉默号', en: 'Dormant' },
  dangerCount: { 'zh-CN': '风险号', en: 'High risk' },
  successRatio: { 'zh-CN': '成功率', en: 'Delivery rate' },
  failureRatio: { 'zh-CN': '失败率', en: 'Failure rate' },
  fileName: { 'zh-CN': '文件名', en: 'File name' },
  fileStatus: { 'zh-CN': '检测状态', en: 'Check status' },
  checkCount: { 'zh-CN': '已检测数', en: 'Checked' },
  ueCount: { 'zh-CN': '5G终端', en: '5G terminals' },
  nueCount: { 'zh-CN': '非5G终端', en: 'Non-5G terminals' },
  batchName: { 'zh-CN': '批次名称', en: 'Batch name' },
  product: { 'zh-CN': '产品', en: 'Product' },
  rechargeAmount: { 'zh-CN': '充值条数', en: 'Messages' },
  rechargeMoney: { 'zh-CN': '充值金额', en: 'Amount' },
  rechargeMode: { 'zh-CN': '充值方式', en: 'Recharged by' },
  preBalance: { 'zh-CN': '充值前余额', en: 'Balance before' },
  postBalance: { 'zh-CN': '充值后余额', en: 'Balance after' },
  rechargeType: { 'zh-CN': '充值类型', en: 'Recharge type' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
  name: { 'zh-CN': '姓名', en: 'Name' },
  email: { 'zh-CN': '邮箱', en: 'Email' },
  jobNumber: { 'zh-CN': '工号', en: 'Job number' },
  gender: { 'zh-CN': '性别', en: 'Gender' },
  groupName: { 'zh-CN': '分组', en: 'Group' },
  memberCount: { 'zh-CN': '联系人数', en: 'Contacts' },
  templateContent: { 'zh-CN': '模板内容', en: 'Template content' },
  checkStatus: { 'zh-CN': '审核状态', en: 'Review status' },
  resultDesc: { 'zh-CN': '审核说明', en: 'Review note' },
  checkTime: { 'zh-CN': '审核时间', en: 'Reviewed' },
  templateId: { 'zh-CN': '模板ID', en: 'Template ID' },
  templateType: { 'zh-CN': '模板类型', en: 'Template type' },
  title: { 'zh-CN': '标题', en: 'Title' },
  templateSign: { 'zh-CN': '签名', en: 'Signature' },
  size: { 'zh-CN': '大小', en: 'Size' },
  status: { 'zh-CN': '状态', en: 'Status' },
  updateTime: { 'zh-CN': '更新时间', en: 'Updated' },
  chatbotId: { 'zh-CN': 'Chatbot ID', en: 'Chatbot ID' },
  autograph: { 'zh-CN': '签名', en: 'Signature' },
  lowType: { 'zh-CN': '回落类型', en: 'Fallback' },
  cusStatus: { 'zh-CN': '账户状态', en: 'Account status' },
  payType: { 'zh-CN': '付费方式', en: 'Payment' },
  balance: { 'zh-CN': '余额', en: 'Balance' },
  storageQuota: { 'zh-CN': '存储配额', en: 'Storage quota' },
  extNumber: { 'zh-CN': '扩展号', en: 'Extension' },
  userType: { 'zh-CN': '用户类型', en: 'User type' },
  parentAccount: { 'zh-CN': '所属客户', en: 'Parent customer' },
  id: { 'zh-CN': '编号', en: 'ID' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
  replyCount: { 'zh-CN': '回复数', en: 'Replies' },
  birthday: { 'zh-CN': '生日', en: 'Birthday' },
  supported: { 'zh-CN': '是否支持', en: 'Supported' },
  readMessages: { 'zh-CN': '支持阅信', en: 'Read messages' },
  source: { 'zh-CN': '来源', en: 'Source' },
  note: { 'zh-CN': '备注', en: 'Note' },
  addedBy: { 'zh-CN': '添加账号', en: 'Added by' },
  optedOutAt: { 'zh-CN': '退订时间', en: 'Opted out' },
  removedReason: { 'zh-CN': '移出原因', en: 'Reason removed' },
  removedAt: { 'zh-CN': '移出时间', en: 'Removed' },
  removedBy: { 'zh-CN': '移出账号', en: 'Removed by' },
  replyRecord: { 'zh-CN': '回复记录', en: 'Reply record' },
} as const satisfies Record<string, HeaderWords>

export type ColumnWordKey = keyof typeof COLUMN_WORDS

/** Every column's words in one language: the dictionaries' `lists.columns`. */
export function columnWordsIn(locale: Locale): Record<ColumnWordKey, string> {
  return Object.fromEntries(Object.entries(COLUMN_WORDS).map(([k, w]) => [k, w[locale]])) as never
}

/** A download column (a field and its words) named by its catalogue key: the server's files and the grid agree. */
export const wordsColumn = (field: string, key: ColumnWordKey) => ({ field, header: COLUMN_WORDS[key] as HeaderWords })

/**
 * A figure written with its share of those sent ("95 (95.00%)"): the figure's words with the dictionaries'
 * `lists.columns.withShare` pattern around them (the export-download contract test holds the two together).
 */
export const withShareWords = (figure: HeaderWords): HeaderWords => ({ 'zh-CN': `${figure['zh-CN']}（占比）`, en: `${figure.en} (share)` })
