import { GROUP_TOTALS, contactRowSchema, contactSearchSchema, genderKey, groupRowSchema, groupSearchSchema } from '@/domain/lists/address-book'
import { defineList, type ListContext, type SearchField } from '@/grid'

/** Address book lists; editing, import and download arrive with the address-book issue. */
const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
const accountFilter: SearchField = {
  name: 'cus_id', kind: 'account', prodType: -1, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType,
}

export const contactsList = defineList({
  id: 'address-book.contacts',
  path: '/address-book/contacts',
  title: (LL) => LL.lists.titles.contacts(),
  endpoint: '/addressBook/list',
  searchSchema: contactSearchSchema,
  rowSchema: contactRowSchema,
  searchFields: [
    { name: 'name', kind: 'text', label: (LL) => LL.lists.filters.name() },
    { name: 'mobile', kind: 'text', label: (LL) => LL.lists.filters.mobile() },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
    accountFilter,
  ],
  columns: [
    { field: 'name', header: (LL) => LL.lists.columns.name(), sortable: true, width: 120 },
    { field: 'mobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', sortable: true, width: 130 },
    { field: 'email', header: (LL) => LL.lists.columns.email(), width: 180 },
    { field: 'groupName', header: (LL) => LL.lists.columns.groupName(), width: 130 },
    { field: 'job_number', header: (LL) => LL.lists.columns.jobNumber(), width: 100 },
    {
      field: 'gender', header: (LL) => LL.lists.columns.gender(), type: 'status', width: 80,
      status: (row) => ({ key: genderKey(Number(row.gender)), tone: 'muted' }),
    },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: isAdminType },
  ],
  download: { endpoint: '/addressBook/download', name: (LL) => LL.lists.files.contacts() },
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.id),
})

export const groupsList = defineList({
  id: 'address-book.groups',
  path: '/address-book/groups',
  title: (LL) => LL.lists.titles.groups(),
  endpoint: '/addressBook/groupList',
  searchSchema: groupSearchSchema,
  rowSchema: groupRowSchema,
  searchFields: [{ name: 'group_name', kind: 'text', label: (LL) => LL.lists.filters.groupName() }, accountFilter],
  columns: [
    { field: 'group_name', header: (LL) => LL.lists.columns.groupName(), sortable: true, width: 180 },
    { field: 'member_count', header: (LL) => LL.lists.columns.memberCount(), type: 'count', sortable: true, width: 110 },
    { field: 'remark', header: (LL) => LL.lists.columns.remark(), type: 'content', width: 220 },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: isAdminType },
  ],
  totals: GROUP_TOTALS,
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.group_id),
})
