import { signatureRowSchema, signatureSearchSchema } from '@/domain/lists/signatures'
import { mayDelete, mayWithdraw, SIGNATURE_LIST_PATH, SIGNATURE_STATUS, SIGNATURE_STATUS_FILTER, signatureStatusKey, type SignatureSource } from '@/domain/signatures'
import { PROD_TYPE } from '@/domain/constants'
import { defineList, type ListContext, type Row, type Tone } from '@/grid'

const isAdmin = (ctx: ListContext) => ctx.authUser.userType === 1
/** A sub-account sends with its enterprise's signatures and writes none (the server's rule). */
const owns = (ctx: ListContext) => ctx.authUser.userType !== 3
const TONES: Record<string, Tone> = { signaturePending: 'warn', signatureApproved: 'ok', signatureRefused: 'bad', signatureWithdrawn: 'muted' }
const status = (row: Row) => Number(row.status)
/** Writes, loaded on use (signatures.actions.ts). */
const actions = () => import('./signatures.actions')

/**
 * The signature applications: an enterprise's own (a sub-account sees its enterprise's), every account's for the
 * administrator, who also approves or refuses them here, as on the template lists.
 */
export const signaturesList = defineList({
  id: 'home-sms.signatures',
  path: SIGNATURE_LIST_PATH,
  title: (LL) => LL.signatures.title(),
  endpoint: '/signature/list',
  searchSchema: signatureSearchSchema,
  rowSchema: signatureRowSchema,
  searchFields: [
    { name: 'name', kind: 'text', label: (LL) => LL.signatures.columns.name() },
    {
      name: 'status', kind: 'select', label: (LL) => LL.lists.filters.checkStatus(),
      options: SIGNATURE_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key as keyof typeof LL.status]() })),
    },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
    { name: 'cus_id', kind: 'account', prodType: PROD_TYPE.ordinary, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdmin },
  ],
  columns: [
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: isAdmin },
    { field: 'name', header: (LL) => LL.signatures.columns.name(), sortable: true, width: 160, value: (row) => `【${String(row.name)}】` },
    { field: 'source', header: (LL) => LL.signatures.columns.source(), width: 150, value: (row, LL) => LL.signatures.sources[row.source as SignatureSource]() },
    {
      field: 'status', header: (LL) => LL.lists.columns.checkStatus(), type: 'status', width: 100,
      status: (row) => {
        const key = signatureStatusKey(status(row))
        return { key, tone: TONES[key] ?? 'muted' }
      },
    },
    { field: 'result_desc', header: (LL) => LL.lists.columns.resultDesc(), type: 'content', width: 260 },
    { field: 'proof_name', header: (LL) => LL.signatures.columns.proof(), width: 160, priority: 3 },
    { field: 'remark', header: (LL) => LL.signatures.columns.remark(), type: 'content', width: 200, priority: 3 },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
    { field: 'check_time', header: (LL) => LL.lists.columns.checkTime(), type: 'datetime', sortable: true, width: 170 },
  ],
  toolbar: [{ id: 'apply', label: (LL) => LL.signatures.apply(), visibleWhen: owns, perform: async ({ LL }) => (await actions()).applyForSignature(LL) }],
  rowActions: [
    {
      id: 'withdraw', label: (LL) => LL.signatures.actions.withdraw(), visibleWhen: owns, enabledWhen: (row) => mayWithdraw(status(row)),
      confirm: (LL, row) => LL.signatures.actions.withdrawConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).withdraw(row),
    },
    {
      id: 'delete', label: (LL) => LL.signatures.actions.delete(), tone: 'danger', visibleWhen: owns, enabledWhen: (row) => mayDelete(status(row)),
      confirm: (LL, row) => LL.signatures.actions.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).remove(row),
    },
    {
      id: 'approve', label: (LL) => LL.signatures.actions.approve(), visibleWhen: isAdmin, enabledWhen: (row) => status(row) === SIGNATURE_STATUS.pending,
      confirm: (LL, row) => LL.signatures.actions.approveConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).approve(row),
    },
    {
      id: 'refuse', label: (LL) => LL.signatures.actions.refuse(), tone: 'danger', visibleWhen: isAdmin,
      enabledWhen: (row) => status(row) === SIGNATURE_STATUS.pending,
      perform: async (row, h) => (await actions()).refuse(row, h),
    },
  ],
  rowId: (row) => String(row.id),
})
