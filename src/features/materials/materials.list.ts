import { MATERIALS_LIST, VIDEO_MATERIALS_LIST } from '@/api/materials'
import { formatStorage, MATERIAL_PURPOSES, materialStorageSchema, MEDIA_KINDS, materialRowSchema, materialSearchSchema, type MaterialRow } from '@/domain/materials'
import { defineList, type ListContext, type ListDefinition, type Row } from '@/grid'

const cap = (s: string) => s[0].toUpperCase() + s.slice(1)
const kindKey = (k: string) => `media${cap(k)}`
const purposeKey = (p: string) => `purpose${cap(p)}`
const manyAccounts = (ctx: ListContext) => ctx.authUser.userType === 1 || ctx.authUser.userType === 2
const material = (row: Row) => row as unknown as MaterialRow
const actions = () => import('./materials.actions')

/** The search fields of both screens; the video screen has no purpose to choose. */
const fileFields: ListDefinition['searchFields'] = [
  { name: 'file_name', kind: 'text', label: (LL) => LL.materials.columns.fileName() },
  { name: 'kind', kind: 'select', label: (LL) => LL.materials.columns.kind(), options: MEDIA_KINDS.map((k) => ({ value: k, label: (LL) => LL.materials.kinds[k]() })) },
]
const whenFields: ListDefinition['searchFields'] = [
  { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
  { name: 'cus_id', kind: 'account', prodType: -1, label: (LL) => LL.lists.filters.account(), visibleWhen: manyAccounts },
]

/**
 * The tenant's materials (/csp-sms/materials): preview, name, kind, what it was checked for, size, time. Upload
 * (alt+u, also the palette's "upload material" from anywhere), open, delete one after the numbered-row
 * confirmation or the checked ones at once. A material a template uses is refused by the server with its message.
 */
export const materialsList = defineList({
  id: MATERIALS_LIST,
  path: '/csp-sms/materials',
  title: (LL) => LL.materials.title(),
  endpoint: '/aim/materialList',
  searchSchema: materialSearchSchema,
  rowSchema: materialRowSchema,
  searchFields: [
    ...fileFields,
    { name: 'purpose', kind: 'select', label: (LL) => LL.materials.columns.purpose(), options: MATERIAL_PURPOSES.map((p) => ({ value: p, label: (LL) => LL.materials.purposes[p]() })) },
    ...whenFields,
  ],
  columns: [
    { field: 'preview', header: (LL) => LL.materials.columns.preview(), type: 'thumbnail', value: (row) => ({ url: row.url, kind: row.kind, name: row.file_name }) },
    { field: 'file_name', header: (LL) => LL.materials.columns.fileName(), type: 'content', sortable: true, width: 220 },
    { field: 'kind', header: (LL) => LL.materials.columns.kind(), type: 'status', status: (row) => ({ key: kindKey(String(row.kind)), tone: 'info' }), width: 90 },
    { field: 'content_type', header: (LL) => LL.materials.columns.type(), width: 100 },
    { field: 'purpose', header: (LL) => LL.materials.columns.purpose(), type: 'status', status: (row) => ({ key: purposeKey(String(row.purpose)), tone: 'muted' }), width: 96 },
    { field: 'size', header: (LL) => LL.materials.columns.size(), type: 'sizeKb', sortable: true },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: manyAccounts },
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
  ],
  // Used of the quota, beside the toolbar: what an upload refused for space is measured against.
  caption: (LL, page) => {
    const s = materialStorageSchema.safeParse((page as { storage?: unknown }).storage)
    if (!s.success) return null
    const percent = s.data.quota > 0 ? Math.min(100, Math.round((s.data.used / s.data.quota) * 100)) : 100
    return LL.materials.storage({ used: formatStorage(s.data.used), quota: formatStorage(s.data.quota), percent })
  },
  selectable: true,
  toolbar: [
    { id: 'upload', label: (LL) => LL.materials.upload(), shortcut: 'alt+u', perform: async () => void (await actions()).uploadMaterials() },
    {
      id: 'delete-checked', tone: 'danger', label: (LL) => LL.materials.deleteChecked(), needsSelection: true,
      confirm: (LL, selected) => LL.materials.deleteSelected({ count: selected.length }),
      perform: async ({ selected }) => (await actions()).deleteRows(selected.map(material)),
    },
  ],
  rowActions: [
    { id: 'open', label: (LL) => LL.materials.open(), perform: async (row) => (await actions()).openMaterial(material(row)) },
    {
      id: 'delete', label: (LL) => LL.lists.actions.delete(), tone: 'danger', shortcut: 'alt+delete',
      confirm: (LL, row) => LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row) => (await actions()).deleteRows([material(row)]),
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.material_id),
  enterAction: 'open',
})

/**
 * The video module's materials (/video-sms/materials): the same list kept to the frames of video SMS, so a customer
 * with video and no 5G sees and deletes what its video templates were made of; uploads keep the video SMS limits.
 */
export const videoMaterialsList = defineList({
  ...materialsList,
  id: VIDEO_MATERIALS_LIST,
  path: '/video-sms/materials',
  title: (LL) => LL.materials.videoTitle(),
  fixed: { purpose: 'video' },
  searchFields: [...fileFields, ...whenFields],
  columns: materialsList.columns.filter((c) => c.field !== 'purpose'),
  toolbar: materialsList.toolbar?.map((a) => (a.id === 'upload'
    ? { ...a, shortcut: undefined, perform: async () => void (await actions()).uploadMaterials('video') }
    : a)),
})
