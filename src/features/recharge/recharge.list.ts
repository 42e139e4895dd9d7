import { PROD_TYPE } from '@/domain/constants'
import { RECHARGE_TOTALS, RECHARGE_TYPE_FILTER, rechargeRowSchema, rechargeSearchSchema, rechargeTypeKey } from '@/domain/lists/recharge'
import { defineList, type ColumnDef, type ListContext, type ListDefinition, type SearchField } from '@/grid'

/** Spec section 6: the account filter for user types 1 and 2, the account column for type 1. */
const filtersAccount = (ctx: ListContext) => ctx.authUser.userType === 1 || ctx.authUser.userType === 2
const showsAccount = (ctx: ListContext) => ctx.authUser.userType === 1

const PRODUCTS = [
  { value: PROD_TYPE.ordinary, key: 'prodOrdinary' },
  { value: PROD_TYPE.international, key: 'prodInternational' },
  { value: PROD_TYPE.video, key: 'prodVideo' },
  { value: PROD_TYPE.csp, key: 'prodCsp' },
] as const
const productKey = (p: number) => PRODUCTS.find((x) => x.value === p)?.key ?? 'unknown'

const searchFields: SearchField[] = [
  { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.rechargeTime(), shortcuts: 'day' },
  {
    name: 'prod_type',
    kind: 'select',
    label: (LL) => LL.lists.filters.product(),
    options: PRODUCTS.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  },
  {
    name: 'recharge_type',
    kind: 'select',
    label: (LL) => LL.lists.filters.rechargeType(),
    options: RECHARGE_TYPE_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  },
  { name: 'cus_id', kind: 'account', prodType: -1, label: (LL) => LL.lists.filters.account(), visibleWhen: filtersAccount },
]

const columns: ColumnDef[] = [
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: showsAccount },
  { field: 'cus_name', header: (LL) => LL.lists.columns.accountName(), width: 140, visibleWhen: showsAccount },
  { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
  {
    field: 'prod_type',
    header: (LL) => LL.lists.columns.product(),
    type: 'status',
    status: (row) => ({ key: productKey(Number(row.prod_type)), tone: 'info' }),
    width: 150,
  },
  {
    field: 'recharge_type',
    header: (LL) => LL.lists.columns.rechargeType(),
    type: 'status',
    status: (row) => {
      const key = rechargeTypeKey(Number(row.recharge_type))
      return { key, tone: key === 'rechargeAccount' ? 'ok' : key === 'rechargeDeduct' ? 'warn' : 'info' }
    },
    // Wide enough for the English words ("International SMS", "Account recharge").
    width: 150,
  },
  {
    field: 'is_amount_recharge',
    header: (LL) => LL.lists.columns.rechargeMode(),
    type: 'status',
    status: (row) => ({ key: row.is_amount_recharge === 1 ? 'byAmount' : 'byCount', tone: 'muted' }),
    width: 100,
  },
  { field: 'recharge_amount', header: (LL) => LL.lists.columns.rechargeAmount(), type: 'count', sortable: true, width: 110 },
  { field: 'recharge_money', header: (LL) => LL.lists.columns.rechargeMoney(), type: 'money', sortable: true, width: 120 },
  // A recharge by amount moves money: its balances carry the currency as every amount does; by count, the server's
  // count string passes through the money type untouched.
  { field: 'preBalanceStr', header: (LL) => LL.lists.columns.preBalance(), type: 'money', value: (row) => balanceOf(row, 'pre_balance', 'preBalanceStr'), width: 140 },
  { field: 'postBalanceStr', header: (LL) => LL.lists.columns.postBalance(), type: 'money', value: (row) => balanceOf(row, 'post_balance', 'postBalanceStr'), width: 140 },
  { field: 'remark', header: (LL) => LL.lists.columns.remark(), type: 'content', width: 200 },
]

function balanceOf(row: Record<string, unknown>, amount: string, text: string): unknown {
  return row.is_amount_recharge === 1 ? row[amount] : row[text]
}

function rechargeList(id: string, path: string, endpoint: string, title: ListDefinition['title']): ListDefinition {
  return defineList({
    id, path, title, endpoint,
    searchSchema: rechargeSearchSchema,
    rowSchema: rechargeRowSchema,
    searchFields,
    columns,
    totals: RECHARGE_TOTALS,
    defaultSort: { orderBy: 'create_time', order: 'desc' },
    rowId: (row) => String(row.id),
  })
}

export const rechargeRecordsList = rechargeList('recharge.list', '/recharge/list', '/recharge/list', (LL) => LL.lists.titles.recharge())
export const epRechargeRecordsList = rechargeList('recharge.ep-list', '/recharge/ep-list', '/epRecharge/list', (LL) => LL.lists.titles.epRecharge())
