import { GROUP_TOTALS, contactRowSchema, contactSearchSchema, genderKey, groupRowSchema, groupSearchSchema } from '@/domain/lists/address-book'
import { groupChoicesQuery } from '@/api/address-book'
import { defineList, optedOutColumn, type ListContext, type Row, type SearchField } from '@/grid'

/** Address book lists, with their writes declared as row and toolbar actions (address-book.actions.ts, loaded on use). */
const actions = () => import('./address-book.actions')
const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
/** Writes reach the caller's own rows only (a parent sees, but does not edit, its sub-accounts' address books). */
const own = (row: Row, ctx: ListContext) => row.cus_id === ctx.authUser.cusId
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
    { name: 'group_id', kind: 'select', label: (LL) => LL.lists.columns.groupName(), optionsQuery: groupChoicesQuery },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
    accountFilter,
  ],
  columns: [
    { field: 'name', header: (LL) => LL.lists.columns.name(), sortable: true, width: 120 },
    { field: 'mobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', sortable: true, width: 130 },
    optedOutColumn,
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
  selectable: true,
  toolbar: [
    { id: 'add', label: (LL) => LL.addressBook.addContact(), perform: async (h) => (await actions()).addContact(h) },
    { id: 'import', label: (LL) => LL.addressBook.importContacts(), perform: async (h) => (await actions()).importContacts(h) },
    {
      id: 'delete-checked', tone: 'danger', label: (LL) => LL.addressBook.deleteChecked(), needsSelection: true,
      confirm: (LL, rows) => LL.addressBook.deleteCheckedConfirm({ count: rows.length }),
      perform: async (h) => (await actions()).deleteChecked(h),
    },
    { id: 'move-checked', label: (LL) => LL.addressBook.moveChecked(), needsSelection: true, perform: async (h) => (await actions()).moveChecked(h) },
  ],
  rowActions: [
    { id: 'edit', label: (LL) => LL.addressBook.editContact(), enabledWhen: own, perform: async (row, h) => (await actions()).editContact(row, h) },
    {
      id: 'delete', label: (LL) => LL.addressBook.deleteContact(), tone: 'danger', enabledWhen: own,
      // "The numbered row" (spec section 8): the index the grid shows, across pages.
      confirm: (LL, row) => LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).deleteContact(row),
    },
  ],
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
  // Enter (or a double click) opens the group's members: the contacts list filtered by it.
  detail: (row) => `/address-book/contacts?group_id=${Number(row.group_id)}`,
  toolbar: [{ id: 'add', label: (LL) => LL.addressBook.addGroup(), perform: async (h) => (await actions()).addGroup(h) }],
  rowActions: [
    { id: 'edit', label: (LL) => LL.addressBook.editGroup(), enabledWhen: own, perform: async (row, h) => (await actions()).editGroup(row, h) },
    {
      id: 'delete', label: (LL) => LL.addressBook.deleteGroup(), tone: 'danger', enabledWhen: own,
      confirm: (LL, row) => Number(row.member_count) > 0
        ? LL.addressBook.deleteGroupConfirm({ index: Number(row.__index), name: String(row.group_name), count: Number(row.member_count) })
        : LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).deleteGroup(row),
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.group_id),
})
