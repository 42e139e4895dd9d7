import { PROD_TYPE } from '@/domain/constants'
import {
  CONTENT_CHECK_FILTER, CSP_TEMPLATE_STATUS_FILTER, VIDEO_TEMPLATE_STATUS_FILTER, contentCheckKey, contentTemplateRowSchema,
  contentTemplateSearchSchema, cspTemplateRowSchema, cspTemplateSearchSchema, cspTemplateStatusKey, fallbackKeys,
  videoTemplateRowSchema, videoTemplateSearchSchema, videoTemplateStatusKey, type VideoTemplateStatusKey,
} from '@/domain/lists/templates'
import { SMS_TYPES, type SmsType } from '@/domain/marketing'
import { isUndecided, type TemplateKind } from '@/domain/templates-write'
import { defineList, type ColumnDef, type LL, type ListContext, type RowAction, type Row, type SearchField, type Tone, type ToolbarAction } from '@/grid'
import { templateDetailPath } from './pages'

const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
const accountFilter = (prodType: number): SearchField => ({
  name: 'cus_id', kind: 'account', prodType, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType,
})
const keywordFilter: SearchField = { name: 'keyword', kind: 'text', label: (LL) => LL.lists.filters.keyword() }
const createdRange: SearchField = { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' }
const created: ColumnDef = {
  field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170,
}
const account: ColumnDef = { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110 }

const TONES: Record<string, Tone> = {
  checkPending: 'warn', checkNotAudited: 'muted', checkApproved: 'ok', checkRejected: 'bad',
  templatePending: 'muted', templateReviewing: 'warn', templateApproved: 'ok', templateRejected: 'bad', templateDeleted: 'muted',
  unknown: 'muted',
}
/** Writes, loaded on use (templates.actions.ts). */
const actions = () => import('./templates.actions')
const ID: Record<TemplateKind, string> = { content: 'id', csp: 'template_id', video: 'cus_template_id' }
const STATUS: Record<TemplateKind, string> = { content: 'check_status', csp: 'template_status', video: 'status' }
const undecided = (kind: TemplateKind) => (row: Row) => isUndecided(kind, Number(row[STATUS[kind]]))

/** New, detail (also Enter on a row), delete after the numbered-row confirmation, an administrator's review. */
function templateActions(kind: TemplateKind): { toolbar: ToolbarAction[]; rowActions: RowAction[]; detail: (row: Row) => string } {
  const newLabel = { content: (LL: LL) => LL.tplEditor.newContent(), csp: (LL: LL) => LL.tplEditor.newCsp(), video: (LL: LL) => LL.tplEditor.newVideo() }[kind]
  return {
    toolbar: [{ id: 'new', label: newLabel, perform: async ({ LL }) => (await actions()).newTemplate(kind, LL) }],
    rowActions: [
      { id: 'detail', label: (LL) => LL.tplEditor.actions.detail(), perform: async (row) => (await actions()).openDetail(kind, row) },
      {
        // Any template the list shows may be deleted (the server's rule: an account's own and its sub-accounts').
        id: 'delete', label: (LL) => LL.tplEditor.actions.delete(), tone: 'danger',
        confirm: (LL, row) => LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
        perform: async (row) => (await actions()).deleteTemplate(kind, row),
      },
      {
        id: 'approve', label: (LL) => LL.tplEditor.actions.approve(), visibleWhen: isAdminType, enabledWhen: undecided(kind),
        // A list row is named by its number; the detail page (no row number) names the template by its id.
        confirm: (LL, row) => (row.__index
          ? LL.tplEditor.actions.approveConfirm({ index: Number(row.__index) })
          : LL.tplEditor.actions.approveConfirmId({ id: Number(row[ID[kind]]) })),
        perform: async (row) => (await actions()).approve(kind, row),
      },
      {
        id: 'reject', label: (LL) => LL.tplEditor.actions.reject(), tone: 'danger', visibleWhen: isAdminType, enabledWhen: undecided(kind),
        perform: async (row, h) => (await actions()).reject(kind, row, h),
      },
    ],
    detail: (row) => templateDetailPath(kind, Number(row[ID[kind]])),
  }
}

const smsTypeWord = (t: unknown, LL: LL) => ((SMS_TYPES as readonly unknown[]).includes(t) ? LL.marketing.types[t as SmsType]() : String(t ?? ''))

const reason: ColumnDef = { field: 'result_desc', header: (LL) => LL.lists.columns.resultDesc(), type: 'content', width: 220 }

const toned = (key: string) => ({ key, tone: TONES[key] ?? 'muted' })
const statusOptions = (filter: readonly { value: number; key: keyof LL['status'] }[]) =>
  filter.map(({ value, key }) => ({ value, label: (LL: LL) => LL.status[key]() }))

export const contentTemplatesList = defineList({
  id: 'home-sms.templates',
  path: '/home-sms/templates',
  title: (LL) => LL.lists.titles.templates(),
  endpoint: '/contentTemplate/list',
  searchSchema: contentTemplateSearchSchema,
  rowSchema: contentTemplateRowSchema,
  searchFields: [
    keywordFilter,
    { name: 'check_status', kind: 'select', label: (LL) => LL.lists.filters.checkStatus(), options: statusOptions(CONTENT_CHECK_FILTER) },
    { name: 'sms_type', kind: 'select', label: (LL) => LL.marketing.typeLabel(), options: SMS_TYPES.map((t) => ({ value: t, label: (LL: LL) => LL.marketing.types[t]() })) },
    createdRange,
    accountFilter(PROD_TYPE.ordinary),
  ],
  columns: [
    { ...account, width: 90 },
    { field: 'template_content', header: (LL) => LL.lists.columns.templateContent(), type: 'content', width: 240 },
    { field: 'sms_type', header: (LL) => LL.marketing.typeLabel(), width: 90, value: (row, LL) => smsTypeWord(row.sms_type, LL) },
    {
      field: 'check_status', header: (LL) => LL.lists.columns.checkStatus(), type: 'status', width: 110,
      status: (row) => toned(contentCheckKey(Number(row.check_status))),
    },
    { field: 'result_desc', header: (LL) => LL.lists.columns.resultDesc(), width: 90 },
    // The datetimes at their least (column-widths.ts), so the list fits 1400 px with its type column.
    { field: 'check_time', header: (LL) => LL.lists.columns.checkTime(), type: 'datetime', sortable: true, width: 152 },
    { ...created, width: 152 },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.id),
  ...templateActions('content'),
})

export const videoTemplatesList = defineList({
  id: 'video-sms.templates',
  path: '/video-sms/templates',
  title: (LL) => LL.lists.titles.videoTemplates(),
  endpoint: '/videoTemplate/list',
  searchSchema: videoTemplateSearchSchema,
  rowSchema: videoTemplateRowSchema,
  searchFields: [
    keywordFilter,
    { name: 'status', kind: 'select', label: (LL) => LL.lists.filters.templateStatus(), options: statusOptions(VIDEO_TEMPLATE_STATUS_FILTER) },
    createdRange,
    accountFilter(PROD_TYPE.video),
  ],
  columns: [
    { field: 'cus_template_id', header: (LL) => LL.lists.columns.templateId(), width: 100 },
    { field: 'templateTypeStr', header: (LL) => LL.lists.columns.templateType(), width: 110 },
    { field: 'title', header: (LL) => LL.lists.columns.title(), width: 180 },
    { field: 'template_sign', header: (LL) => LL.lists.columns.templateSign(), width: 110 },
    { field: 'remark', header: (LL) => LL.lists.columns.remark(), type: 'content', width: 180 },
    // Bytes from the server, shown in KB.
    { field: 'size', header: (LL) => LL.lists.columns.size(), type: 'sizeKb', sortable: true, width: 100 },
    {
      field: 'status', header: (LL) => LL.lists.columns.status(), type: 'status', width: 100,
      status: (row) => toned(videoTemplateStatusKey(Number(row.status)) satisfies VideoTemplateStatusKey),
    },
    reason,
    created,
    { field: 'update_time', header: (LL) => LL.lists.columns.updateTime(), type: 'datetime', sortable: true, width: 170 },
    account,
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.cus_template_id),
  ...templateActions('video'),
})

/** One status key per fallback combination, so the column reads as words ('' → no fallback). */
const FALLBACK_ORDER = ['fallbackSms', 'fallbackVideo', 'fallbackRead']
function fallbackKey(lowType: unknown): string {
  const keys = [...new Set(fallbackKeys(String(lowType ?? '')))].sort((a, b) => FALLBACK_ORDER.indexOf(a) - FALLBACK_ORDER.indexOf(b))
  if (!keys.length) return 'fallbackNone'
  if (keys.length === FALLBACK_ORDER.length) return 'fallbackAll'
  return keys.length === 1 ? keys[0] : `fallback${keys.map((k) => k.replace('fallback', '')).join('')}`
}

export const cspTemplatesList = defineList({
  id: 'csp-sms.templates',
  path: '/csp-sms/templates',
  title: (LL) => LL.lists.titles.cspTemplates(),
  endpoint: '/cspTemplate/list',
  searchSchema: cspTemplateSearchSchema,
  rowSchema: cspTemplateRowSchema,
  searchFields: [
    keywordFilter,
    {
      name: 'template_status', kind: 'select', label: (LL) => LL.lists.filters.templateStatus(),
      options: statusOptions(CSP_TEMPLATE_STATUS_FILTER),
    },
    createdRange,
    accountFilter(PROD_TYPE.csp),
  ],
  columns: [
    { field: 'template_id', header: (LL) => LL.lists.columns.templateId(), sortable: true, width: 100 },
    { field: 'template_name', header: (LL) => LL.lists.columns.templateName(), width: 180 },
    { field: 'chatbot_id', header: (LL) => LL.lists.columns.chatbotId(), width: 160 },
    { field: 'autograph', header: (LL) => LL.lists.columns.autograph(), width: 110 },
    {
      field: 'low_type', header: (LL) => LL.lists.columns.lowType(), type: 'status', width: 150,
      status: (row) => ({ key: fallbackKey(row.low_type), tone: 'info' }),
    },
    {
      field: 'template_status', header: (LL) => LL.lists.columns.status(), type: 'status', width: 100,
      status: (row) => toned(cspTemplateStatusKey(Number(row.template_status))),
    },
    reason,
    created,
    account,
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.template_id),
  ...templateActions('csp'),
})
