import {
  ACCOUNT_TOTALS, CUS_STATUS_FILTER, accountRowSchema, accountSearchSchema, cusStatusKey, payTypeKey, subAccountActionsVisible,
} from '@/domain/lists/accounts'
import { formatStorage } from '@/domain/materials'
import { formatMoney } from '@/domain/money'
import { getLocale } from '@/stores/prefs'
import { defineList, type ColumnDef, type ListContext, type Row, type RowAction, type SearchField, type Tone } from '@/grid'

const actions = () => import('./accounts.actions')
const subActions = (ctx: ListContext) => subAccountActionsVisible(ctx.authUser.moreType)
const isOpen = (row: Row) => Number(row.cus_status) === 1

/** Close and open, each asked first with a question naming the account; only the one the row's status allows is enabled. */
function statusActions(kind: 'customer' | 'sub', visibleWhen?: (ctx: ListContext) => boolean): RowAction[] {
  return [
    {
      id: 'close', label: (LL) => LL.customers.close(), tone: 'danger', visibleWhen, enabledWhen: isOpen,
      // Closing moves no money: the question says so with the balance, as every money-moving action names its amounts.
      confirm: (LL, row) => LL.customers.closeConfirm({ account: String(row.cus_id), name: String(row.cus_name), balance: formatMoney(Number(row.balance), getLocale(), 'balance') }),
      perform: async (row) => (await actions()).setStatus(kind, row, false),
    },
    {
      id: 'open', label: (LL) => LL.customers.open(), visibleWhen, enabledWhen: (row) => Number(row.cus_status) === 0,
      confirm: (LL, row) => LL.customers.openConfirm({ account: String(row.cus_id), name: String(row.cus_name) }),
      perform: async (row) => (await actions()).setStatus(kind, row, true),
    },
  ]
}

const STATUS_TONES: Record<string, Tone> = { accountOpen: 'ok', accountClosed: 'warn', accountDeleted: 'muted' }

const columns: ColumnDef[] = [
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), sortable: true, width: 120 },
  { field: 'cus_name', header: (LL) => LL.lists.columns.accountName(), width: 160 },
  {
    field: 'cus_status', header: (LL) => LL.lists.columns.cusStatus(), type: 'status', width: 100,
    status: (row) => {
      const key = cusStatusKey(Number(row.cus_status))
      return { key, tone: STATUS_TONES[key] }
    },
  },
  {
    field: 'pay_type', header: (LL) => LL.lists.columns.payType(), type: 'status', width: 100,
    status: (row) => ({ key: payTypeKey(Number(row.pay_type)), tone: 'muted' }),
  },
  // The balance itself (not the server's ready string), so the totals row's sum (ACCOUNT_TOTALS) lands in this column.
  { field: 'balance', header: (LL) => LL.lists.columns.balance(), type: 'money', sortable: true, width: 120 },
  { field: 'ext_number', header: (LL) => LL.lists.columns.extNumber(), width: 100 },
  { field: 'mobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', width: 130 },
  { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
]

const searchFields: SearchField[] = [
  { name: 'keyword', kind: 'text', label: (LL) => LL.lists.filters.keyword() },
  {
    name: 'cus_status',
    kind: 'select',
    label: (LL) => LL.lists.filters.cusStatus(),
    options: CUS_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  },
  { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
]

/**
 * Sub-accounts. The action column (spec section 6) exists only for moreType 1 to 4: detail, a transfer from the
 * parent's balance, close and open; an enterprise also creates sub-accounts from the toolbar. The server keeps the
 * same rule (routes/customers.ts), so hiding an action here is convenience, not protection.
 */
export const subAccountsList = defineList({
  id: 'account.sub-accounts',
  path: '/account/sub-accounts',
  title: (LL) => LL.lists.titles.subAccounts(),
  endpoint: '/user/subAccountList',
  searchSchema: accountSearchSchema,
  rowSchema: accountRowSchema,
  searchFields,
  columns: [
    ...columns.slice(0, 2),
    { field: 'parent_id', header: (LL) => LL.lists.columns.parentAccount(), width: 120, visibleWhen: (ctx) => ctx.authUser.userType === 1 },
    ...columns.slice(2),
  ],
  totals: ACCOUNT_TOTALS,
  toolbar: [
    {
      id: 'add-sub',
      label: (LL) => LL.customers.addSub(),
      visibleWhen: (ctx) => ctx.authUser.userType === 2 && subAccountActionsVisible(ctx.authUser.moreType),
      perform: async (h) => (await actions()).addSubAccount(h),
    },
  ],
  rowActions: [
    { id: 'detail', label: (LL) => LL.lists.actions.detail(), visibleWhen: subActions, perform: async (row) => (await actions()).showDetail(row, 'sub') },
    { id: 'transfer', label: (LL) => LL.customers.transfer(), visibleWhen: subActions, enabledWhen: isOpen, perform: async (row, h) => (await actions()).transfer(row, h) },
    ...statusActions('sub', subActions),
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.cus_id),
  enterAction: 'detail',
})

/** Customers: administrators only (the menu shows it to them alone, and the server refuses others). */
export const customersList = defineList({
  id: 'account.customers',
  path: '/account/customers',
  title: (LL) => LL.lists.titles.customers(),
  endpoint: '/customer/list',
  searchSchema: accountSearchSchema,
  rowSchema: accountRowSchema,
  searchFields,
  // Every row is an enterprise customer without a parent, so no user-type or parent column; the storage quota sits
  // beside the balance, within what a 1400 px window shows beside the pinned actions.
  columns: [
    ...columns.slice(0, 5),
    {
      field: 'storage_quota', header: (LL) => LL.lists.columns.storageQuota(), width: 100,
      value: (row, LL) => (row.storage_quota === null ? LL.customers.quotaDefault() : formatStorage(Number(row.storage_quota))),
    },
    ...columns.slice(5),
  ],
  totals: ACCOUNT_TOTALS,
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.cus_id),
  visibleWhen: (ctx) => ctx.authUser.userType === 1,
  enterAction: 'detail',
  toolbar: [{ id: 'add-customer', label: (LL) => LL.customers.addCustomer(), perform: async (h) => (await actions()).addCustomer(h) }],
  rowActions: [
    { id: 'detail', label: (LL) => LL.lists.actions.detail(), perform: async (row) => (await actions()).showDetail(row, 'customer') },
    { id: 'charge', label: (LL) => LL.customers.charge(), perform: async (row, h) => (await actions()).chargeCustomer(row, h) },
    { id: 'charge-records', label: (LL) => LL.customers.records(), perform: async (row) => (await actions()).showChargeRecords(row) },
    { id: 'storage-quota', label: (LL) => LL.customers.quota(), perform: async (row, h) => (await actions()).setStorageQuota(row, h) },
    ...statusActions('customer'),
  ],
})
