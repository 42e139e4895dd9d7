import { AUDIT_ACTION_NAMES, AUDIT_TARGETS } from '@/domain/audit-actions'
import { PROD_TYPE } from '@/domain/constants'
import { AUDIT_COUNT_CAP, auditRowSchema, auditSearchSchema } from '@/domain/lists/audit'
import { formatCount } from '@/domain/count-format'
import { defineList, type ListContext } from '@/grid'
import { getLocale } from '@/stores/prefs'
import { actionWords, actorWords, changesSummary, targetWords, viaWords } from './audit-entry'

export const AUDIT_LIST_PATH = '/account/audit'

const isAdmin = (ctx: ListContext) => ctx.authUser.userType === 1
/** An administrator and an enterprise read more accounts than their own (the server's scope); a sub-account its own. */
const manyAccounts = (ctx: ListContext) => ctx.authUser.userType === 1 || ctx.authUser.userType === 2

/**
 * The activity log (操作日志): one entry per change, newest first, as the server scopes it (an administrator every
 * account's, an enterprise its own and its sub-accounts', a sub-account its own). Enter shows the entry in full with
 * its values before and after (audit.actions.tsx).
 */
export const auditList = defineList({
  id: 'account.audit',
  path: AUDIT_LIST_PATH,
  title: (LL) => LL.audit.title(),
  endpoint: '/audit/list',
  searchSchema: auditSearchSchema,
  rowSchema: auditRowSchema,
  searchFields: [
    { name: 'actor', kind: 'text', label: (LL) => LL.audit.filters.actor() },
    {
      name: 'action', kind: 'select', label: (LL) => LL.audit.filters.action(),
      options: AUDIT_ACTION_NAMES.map((value) => ({ value, label: (LL) => LL.audit.actions[value]() })),
    },
    {
      name: 'target_type', kind: 'select', label: (LL) => LL.audit.filters.targetType(),
      options: AUDIT_TARGETS.map((value) => ({ value, label: (LL) => LL.audit.targets[value]() })),
    },
    { name: 'target_id', kind: 'text', label: (LL) => LL.audit.filters.targetId() },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.audit.filters.time(), shortcuts: 'day' },
    { name: 'cus_id', kind: 'account', prodType: PROD_TYPE.ordinary, label: (LL) => LL.audit.filters.account(), visibleWhen: manyAccounts },
  ],
  columns: [
    { field: 'created_at', header: (LL) => LL.audit.columns.time(), type: 'datetime', sortable: true, width: 170 },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 100, visibleWhen: manyAccounts },
    { field: 'enterprise_id', header: (LL) => LL.audit.columns.enterprise(), width: 100, visibleWhen: isAdmin, priority: 3 },
    { field: 'actor_id', header: (LL) => LL.audit.columns.actor(), width: 130, value: (row, LL) => actorWords(LL, row) },
    { field: 'via', header: (LL) => LL.audit.columns.via(), width: 130, value: (row, LL) => viaWords(LL, row), priority: 3 },
    { field: 'client_ip', header: (LL) => LL.audit.columns.address(), width: 120 },
    { field: 'action', header: (LL) => LL.audit.columns.action(), width: 160, priority: 1, value: (row, LL) => actionWords(LL, row.action) },
    { field: 'target_id', header: (LL) => LL.audit.columns.target(), width: 150, value: (row, LL) => targetWords(LL, row.target_type, row.target_id) },
    { field: 'changes', header: (LL) => LL.audit.columns.changes(), type: 'content', width: 260, priority: 1, value: (row, LL) => changesSummary(LL, row) },
  ],
  caption: (LL, page) => ((page as { more?: unknown }).more ? LL.audit.more({ cap: formatCount(AUDIT_COUNT_CAP, getLocale()) }) : null),
  download: { endpoint: '/audit/download', name: (LL) => LL.audit.file() },
  openDetail: (row) => void import('./audit.actions').then((m) => m.showAuditEntry(row)),
  defaultSort: { orderBy: 'created_at', order: 'desc' },
  rowId: (row) => String(row.id),
})
