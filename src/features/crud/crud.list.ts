import { crudListSearchSchema, crudRowSchema, crudStatusKey } from '@/domain/lists/crud'
import { defineList } from '@/grid'

/* The generic sample table (spec section 7, Generic sample): GET list, POST add, PUT update, DELETE delete. */
const actions = () => import('./crud.actions')

export const crudList = defineList({
  id: 'crud.index',
  path: '/crud/index',
  title: (LL) => LL.lists.titles.crud(),
  endpoint: '/crud/list',
  fetchPage: async (payload, signal) => (await actions()).fetchCrudPage(payload, signal),
  searchSchema: crudListSearchSchema,
  rowSchema: crudRowSchema,
  searchFields: [
    { name: 'name', kind: 'text', label: (LL) => LL.lists.filters.name() },
    {
      name: 'status',
      kind: 'select',
      label: (LL) => LL.lists.filters.status(),
      options: [
        { value: 1, label: (LL) => LL.status.crudEnabled() },
        { value: 0, label: (LL) => LL.status.crudDisabled() },
      ],
    },
  ],
  columns: [
    { field: 'id', header: (LL) => LL.lists.columns.id(), width: 80 },
    { field: 'name', header: (LL) => LL.lists.columns.name(), width: 140 },
    { field: 'mobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', width: 130 },
    { field: 'amount', header: (LL) => LL.lists.columns.amount(), type: 'money', width: 120 },
    {
      field: 'status', header: (LL) => LL.lists.columns.status(), type: 'status', width: 90,
      status: (row) => (row.status === 1 ? { key: crudStatusKey(1), tone: 'ok' } : { key: crudStatusKey(0), tone: 'muted' }),
    },
    { field: 'remark', header: (LL) => LL.lists.columns.remark(), type: 'content', width: 200 },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', width: 170 },
    { field: 'update_time', header: (LL) => LL.lists.columns.updateTime(), type: 'datetime', width: 170 },
  ],
  toolbar: [{ id: 'add', label: (LL) => LL.lists.actions.add(), perform: async (h) => (await actions()).addRow(h) }],
  rowActions: [
    { id: 'edit', label: (LL) => LL.lists.actions.edit(), perform: async (row, h) => (await actions()).editRow(row, h) },
    {
      id: 'delete',
      label: (LL) => LL.lists.actions.delete(),
      tone: 'danger',
      // "The numbered row" (spec section 5): the index the grid shows, across pages.
      confirm: (LL, row) => LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row, h) => (await actions()).deleteRow(row, h),
    },
  ],
  rowId: (row) => String(row.id),
})
