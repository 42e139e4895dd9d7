import { PROD_TYPE } from '@/domain/constants'
import {
  OPT_OUT_LIST_PATH, OPT_OUT_SOURCE_FILTER, OPT_OUT_STATUS_FILTER, optOutRowSchema, optOutSearchSchema, optOutSourceKey,
} from '@/domain/opt-outs'
import { defineList, type ListContext, type Row } from '@/grid'

const isAdmin = (ctx: ListContext) => ctx.authUser.userType === 1
/** The enterprise's own account takes numbers off and sets the keywords; its sub-accounts see and add (the server's rule). */
const owns = (ctx: ListContext) => ctx.authUser.userType === 2
/** Everyone but the administrator has a list of its own to add to. */
const hasList = (ctx: ListContext) => ctx.authUser.userType !== 1
const onList = (row: Row) => Number(row.status) === 1
/** Writes, loaded on use (opt-outs.actions.tsx). */
const actions = () => import('./opt-outs.actions')

/**
 * The enterprise's opt-out list (退订管理): numbers its sends never reach, from replies, adds, imports and the
 * signed API; a number taken off stays listed with its reason. The administrator sees every enterprise's.
 */
export const optOutsList = defineList({
  id: 'opt-outs.list',
  path: OPT_OUT_LIST_PATH,
  title: (LL) => LL.optOuts.title(),
  endpoint: '/optOut/list',
  searchSchema: optOutSearchSchema,
  rowSchema: optOutRowSchema,
  searchFields: [
    { name: 'mobile', kind: 'text', label: (LL) => LL.lists.filters.mobile() },
    {
      name: 'source', kind: 'select', label: (LL) => LL.lists.columns.source(),
      options: OPT_OUT_SOURCE_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    {
      name: 'status', kind: 'select', label: (LL) => LL.lists.filters.status(),
      options: OPT_OUT_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.columns.optedOutAt(), shortcuts: 'day' },
    { name: 'cus_id', kind: 'account', prodType: PROD_TYPE.ordinary, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdmin },
  ],
  columns: [
    { field: 'ent_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: isAdmin },
    { field: 'mobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', sortable: true, width: 140 },
    {
      field: 'status', header: (LL) => LL.lists.columns.status(), type: 'status', width: 100,
      status: (row) => (onList(row) ? { key: 'optOutActive', tone: 'warn' } : { key: 'optOutRemoved', tone: 'muted' }),
    },
    {
      field: 'source', header: (LL) => LL.lists.columns.source(), type: 'status', width: 140,
      status: (row) => ({ key: optOutSourceKey(Number(row.source)), tone: 'info' }),
    },
    { field: 'note', header: (LL) => LL.lists.columns.note(), type: 'content', width: 200 },
    { field: 'added_by', header: (LL) => LL.lists.columns.addedBy(), width: 110, priority: 3 },
    { field: 'create_time', header: (LL) => LL.lists.columns.optedOutAt(), type: 'datetime', sortable: true, width: 170 },
    { field: 'removed_reason', header: (LL) => LL.lists.columns.removedReason(), type: 'content', width: 200 },
    { field: 'removed_at', header: (LL) => LL.lists.columns.removedAt(), type: 'datetime', width: 170, priority: 3 },
    { field: 'removed_by', header: (LL) => LL.lists.columns.removedBy(), width: 110, priority: 3 },
  ],
  download: { endpoint: '/optOut/download', name: (LL) => LL.optOuts.file() },
  toolbar: [
    { id: 'add', label: (LL) => LL.optOuts.add(), visibleWhen: hasList, perform: async ({ LL }) => (await actions()).addOptOut(LL) },
    { id: 'import', label: (LL) => LL.optOuts.import(), visibleWhen: hasList, perform: async ({ LL }) => (await actions()).importOptOuts(LL) },
    { id: 'settings', label: (LL) => LL.optOuts.settings(), visibleWhen: owns, perform: async ({ LL }) => (await actions()).editSettings(LL) },
    {
      id: 'marketing', label: (LL) => LL.marketing.settings.title(), visibleWhen: (ctx) => owns(ctx) || isAdmin(ctx),
      perform: async ({ LL, ctx }) => (await actions()).editMarketingRule(LL, isAdmin(ctx)),
    },
  ],
  rowActions: [
    {
      id: 'remove', label: (LL) => LL.optOuts.remove(), tone: 'danger', visibleWhen: owns, enabledWhen: onList,
      perform: async (row, h) => (await actions()).removeOptOut(row, h),
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => `${String(row.ent_id)}:${String(row.mobile)}`,
})
