import type { ModuleCode } from './constants'

/**
 * The menus the reference server delivers, one tree per module: every screen the spec names.
 * The server seeds its menu table from this; the console's screen registry binds each leaf path to a screen.
 * Labels travel as server data (both languages), like a real platform's menu table.
 */
export interface CatalogEntry {
  path: string
  label: string
  labelEn: string
  icon: string
  /** Roles that see the item; default all three. */
  roles?: string[]
  children?: CatalogEntry[]
}

const ALL = ['admin', 'customer', 'sub']
const ADMIN = ['admin']
const OWNERS = ['admin', 'customer']

/** Timed batches and their details of one product's module (every send kind can be timed). */
const timed = (p: string): CatalogEntry[] => [
  { path: `${p}/timed-batches`, label: '定时批次', labelEn: 'Timed batches', icon: 'clock' },
  { path: `${p}/timed-details`, label: '定时明细', labelEn: 'Timed details', icon: 'clock' },
]

const records = (p: string, extra: CatalogEntry[] = []): CatalogEntry => ({
  path: `${p}/records`, label: '记录查询', labelEn: 'Records', icon: 'list',
  children: [
    { path: `${p}/mt-records`, label: '发送记录', labelEn: 'Sent records', icon: 'send' },
    { path: `${p}/mo-records`, label: '上行记录', labelEn: 'Reply records', icon: 'inbox' },
    ...extra,
  ],
})

export const MENU_CATALOG: Record<ModuleCode, CatalogEntry[]> = {
  userCenter: [
    { path: '/wel/index', label: '首页', labelEn: 'Home', icon: 'home' },
    {
      path: '/account', label: '账户中心', labelEn: 'Account', icon: 'user',
      children: [
        { path: '/info/index', label: '个人信息', labelEn: 'Personal info', icon: 'id' },
        { path: '/info/setting', label: '个人设置', labelEn: 'Settings', icon: 'settings' },
        { path: '/info/push-log', label: '推送日志', labelEn: 'Push log', icon: 'send' },
        { path: '/info/api-keys', label: 'API 密钥', labelEn: 'API keys', icon: 'key' },
        { path: '/account/sub-accounts', label: '子账户管理', labelEn: 'Sub-accounts', icon: 'users', roles: OWNERS },
        { path: '/account/customers', label: '客户管理', labelEn: 'Customers', icon: 'building', roles: ADMIN },
        { path: '/recharge/list', label: '充值记录', labelEn: 'Recharge records', icon: 'wallet' },
        { path: '/recharge/ep-list', label: '企业充值记录', labelEn: 'Enterprise recharges', icon: 'wallet', roles: OWNERS },
        { path: '/account/audit', label: '操作日志', labelEn: 'Activity log', icon: 'history' },
      ],
    },
    {
      path: '/address-book', label: '通讯录', labelEn: 'Address book', icon: 'book',
      children: [
        { path: '/address-book/contacts', label: '联系人', labelEn: 'Contacts', icon: 'contact' },
        { path: '/address-book/groups', label: '分组管理', labelEn: 'Groups', icon: 'folder' },
      ],
    },
    {
      path: '/number-check', label: '号码检测', labelEn: 'Number check', icon: 'check',
      children: [
        { path: '/number-check/online', label: '空号检测', labelEn: 'Status check', icon: 'search' },
        { path: '/number-check/batches', label: '检测批次', labelEn: 'Check batches', icon: 'layers' },
        { path: '/number-check/status-stats', label: '号码状态统计', labelEn: 'Number status statistics', icon: 'chart' },
        { path: '/number-check/blacklist-stats', label: '黑名单统计', labelEn: 'Blacklist statistics', icon: 'ban' },
        { path: '/number-check/porting-stats', label: '携号转网统计', labelEn: 'Number porting statistics', icon: 'swap' },
        { path: '/number-check/ue', label: '5G终端检测', labelEn: '5G terminal check', icon: 'phone' },
      ],
    },
    { path: '/opt-out/list', label: '退订管理', labelEn: 'Opt-outs', icon: 'opt-out' },
    { path: '/short-link/tools', label: '短链工具', labelEn: 'Short-link tools', icon: 'link' },
    { path: '/crud/index', label: '示例表格', labelEn: 'Sample table', icon: 'table', roles: ADMIN },
  ],
  homeSms: [
    { path: '/home-sms/dashboard', label: '短信概览', labelEn: 'SMS overview', icon: 'dashboard' },
    {
      path: '/home-sms/send', label: '短信发送', labelEn: 'Send SMS', icon: 'send',
      children: [
        { path: '/home-sms/group-send', label: '普通群发', labelEn: 'Bulk send', icon: 'send' },
        { path: '/home-sms/p2p-send', label: '点对点发送', labelEn: 'Point-to-point send', icon: 'send' },
        { path: '/home-sms/link-send', label: '短链群发', labelEn: 'Link send', icon: 'link' },
      ],
    },
    records('/home-sms', [
      { path: '/home-sms/short-link-records', label: '短链发送记录', labelEn: 'Short-link sends', icon: 'link' },
      { path: '/home-sms/interact-records', label: '交互记录', labelEn: 'Interaction records', icon: 'chat' },
    ]),
    {
      path: '/home-sms/stats', label: '统计分析', labelEn: 'Statistics', icon: 'chart',
      children: [
        { path: '/home-sms/batch-stats', label: '批次统计', labelEn: 'Batch statistics', icon: 'layers' },
        { path: '/home-sms/send-stats', label: '发送统计', labelEn: 'Send statistics', icon: 'chart' },
        { path: '/home-sms/failure-stats', label: '失败分析', labelEn: 'Failure analysis', icon: 'chart' },
        ...timed('/home-sms'),
      ],
    },
    { path: '/home-sms/templates', label: '内容模板', labelEn: 'Content templates', icon: 'file' },
    { path: '/home-sms/signatures', label: '短信签名', labelEn: 'Signatures', icon: 'signature' },
  ],
  internationalSms: [
    { path: '/intl-sms/dashboard', label: '国际短信概览', labelEn: 'International overview', icon: 'dashboard' },
    { path: '/intl-sms/send', label: '国际短信发送', labelEn: 'International send', icon: 'globe' },
    { path: '/intl-sms/mt-records', label: '国际发送记录', labelEn: 'International sent records', icon: 'send' },
    ...timed('/intl-sms'),
    { path: '/intl-sms/send-stats', label: '国际发送统计', labelEn: 'International statistics', icon: 'chart' },
    { path: '/intl-sms/country-stats', label: '国家统计', labelEn: 'Statistics by country', icon: 'globe' },
  ],
  videoSms: [
    { path: '/video-sms/dashboard', label: '视频短信概览', labelEn: 'Video SMS overview', icon: 'dashboard' },
    { path: '/video-sms/send', label: '视频短信发送', labelEn: 'Video send', icon: 'video' },
    { path: '/video-sms/templates', label: '视频模板', labelEn: 'Video templates', icon: 'file' },
    { path: '/video-sms/materials', label: '视频素材', labelEn: 'Video materials', icon: 'image' },
    records('/video-sms'),
    ...timed('/video-sms'),
    { path: '/video-sms/send-stats', label: '视频发送统计', labelEn: 'Video statistics', icon: 'chart' },
  ],
  cspSms: [
    { path: '/csp-sms/dashboard', label: '5G消息概览', labelEn: '5G message overview', icon: 'dashboard' },
    { path: '/csp-sms/send', label: '5G消息发送', labelEn: '5G message send', icon: 'send' },
    { path: '/csp-sms/templates', label: '5G消息模板', labelEn: '5G templates', icon: 'file' },
    { path: '/csp-sms/materials', label: '素材管理', labelEn: 'Materials', icon: 'image' },
    records('/csp-sms'),
    ...timed('/csp-sms'),
    { path: '/csp-sms/send-stats', label: '5G发送统计', labelEn: '5G statistics', icon: 'chart' },
  ],
}

/** Top-menu module labels and the path each opens first. */
export const MODULE_CATALOG: Record<ModuleCode, { label: string; labelEn: string; icon: string; home: string }> = {
  userCenter: { label: '用户中心', labelEn: 'User center', icon: 'user', home: '/wel/index' },
  homeSms: { label: '国内短信', labelEn: 'Domestic SMS', icon: 'message', home: '/home-sms/dashboard' },
  internationalSms: { label: '国际短信', labelEn: 'International SMS', icon: 'globe', home: '/intl-sms/dashboard' },
  videoSms: { label: '视频短信', labelEn: 'Video SMS', icon: 'video', home: '/video-sms/dashboard' },
  cspSms: { label: '5G消息', labelEn: '5G message', icon: 'sparkle', home: '/csp-sms/dashboard' },
}

export const rolesOf = (e: CatalogEntry) => e.roles ?? ALL
