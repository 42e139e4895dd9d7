import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { api } from '@/api/http'
import { listQuerySchema, searchInt, searchText } from '@/domain/lists/query'
import { useShortcutDispatcher } from '@/commands/dispatcher'
import { setUserInfo } from '@/stores/session'
import { getDensity, setDensity } from '@/stores/user-prefs'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { defineList, type Row } from './define-list'
import { ListScreen } from './ListScreen'

/** A small declaration of the kind every feature writes: two search fields, three columns, totals, two kinds of action. */
const batches = defineList({
  id: 'test.batches',
  path: '/test/batches',
  title: () => '测试批次',
  endpoint: '/test/batches/list',
  fixed: { prod_type: 1 },
  searchSchema: listQuerySchema.extend({ name: searchText(), status: searchInt() }),
  rowSchema: z.object({ id: z.number(), name: z.string(), sent: z.number(), status: z.number() }),
  searchFields: [
    { name: 'name', kind: 'text', label: (LL) => LL.lists.columns.templateName() },
    {
      name: 'status',
      kind: 'select',
      label: (LL) => LL.lists.filters.sendStatus(),
      options: [
        { value: 1, label: () => '发送中' },
        { value: 2, label: () => '已暂停' },
      ],
    },
  ],
  columns: [
    { field: 'name', header: (LL) => LL.lists.columns.templateName(), width: 160 },
    { field: 'batch', header: (LL) => LL.lists.columns.batchId(), value: (row) => `B-${String(row.id)}`, width: 120 },
    { field: 'sent', header: (LL) => LL.lists.columns.price(), type: 'count', width: 120 },
  ],
  totals: ['sent'],
  toolbar: [{ id: 'add', label: (LL) => LL.lists.actions.add(), perform: () => '已新增' }],
  rowActions: [
    {
      id: 'pause',
      label: (LL) => LL.lists.actions.pause(),
      enabledWhen: (row) => row.status === 1,
      confirm: (_LL, row) => `确定暂停批次 ${String(row.name)} 吗？`,
      perform: async (row: Row, h) => {
        await api('/test/batches/pause', { id: row.id })
        return h.LL.lists.messages.pauseSuccess()
      },
    },
    {
      id: 'delete',
      label: (LL) => LL.lists.actions.delete(),
      tone: 'danger',
      confirm: (LL, row) => LL.lists.messages.deleteConfirm({ index: Number(row.__index) }),
      perform: async (row: Row) => {
        await api('/test/batches/delete', { id: row.id })
      },
    },
  ],
  rowId: (row) => String(row.id),
})

const ROWS = [
  { id: 7, name: '春节问候', sent: 1200, status: 1 },
  { id: 8, name: '会员提醒', sent: 34, status: 2 },
]

const USER = {
  userInfo: {
    authUser: {
      cusId: 'c-test', userName: 'acme', userType: 1, showClientStatus: 1, clientForbidUnknown: 0, showContentFilterWhere: 0,
      moreType: 0, balance: 100, mobile: '13800138000', parentId: null, prodTypes: [1],
    },
    name: 'acme', avatar: '',
  },
  roles: ['customer'],
  permission: [],
}

/** The shell's key dispatcher, which binds the list's command keys (Shift+Enter expands a row). */
function WithKeys() {
  useShortcutDispatcher()
  return <ListScreen list={batches} />
}

function renderList(url = batches.path) {
  const root = createRootRoute({ component: WithKeys })
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [url] }) })
  renderWithProviders(<RouterProvider router={router} />)
  return router
}

/** The grid's body cell of a row's column (AG Grid marks cells with their column id). */
const cell = (rowText: string, colId: string) => {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(rowText) && r.querySelector(`[col-id="${colId}"]`))
  return row?.querySelector<HTMLElement>(`[col-id="${colId}"]`) ?? null
}

let server: ReturnType<typeof stubApi>
let rows: typeof ROWS

beforeEach(() => {
  rows = ROWS.map((r) => ({ ...r }))
  setUserInfo(USER)
  server = stubApi({
    'POST /api/test/batches/list': () => ({ records: rows, total: rows.length, totals: { sent: rows.reduce((s, r) => s + r.sent, 0) } }),
    'POST /api/test/batches/delete': (body) => {
      rows = rows.filter((r) => r.id !== (body as { id: number }).id)
      return null
    },
    'POST /api/test/batches/pause': (body) => {
      const hit = rows.find((r) => r.id === (body as { id: number }).id)
      if (hit) hit.status = 2
      return null
    },
  })
})
afterEach(() => setUserInfo(null))

describe('ListScreen', () => {
  it('renders the declared search fields, toolbar and column headers', async () => {
    renderList()
    const search = await screen.findByRole('form', { name: '筛选条件' })
    expect(within(search).getByLabelText('模板名称')).toBeInTheDocument()
    const status = within(search).getByLabelText('发送状态')
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual(expect.arrayContaining(['发送中', '已暂停']))
    const toolbar = screen.getByTestId('list-toolbar')
    expect(within(toolbar).getByRole('button', { name: '新增' })).toBeInTheDocument()
    expect(within(toolbar).getByRole('button', { name: /导出当前视图/ })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual(['序号', '模板名称', '批次号', '单价', '操作']))
  })

  it('asks the endpoint for the first page with the fixed fields, and shows its rows, derived values and totals row', async () => {
    renderList()
    await waitFor(() => expect(cell('春节问候', 'batch')).toHaveTextContent('B-7'))
    expect(server.to('POST /api/test/batches/list')[0].body).toMatchObject({ prod_type: 1, pageNumber: 1 })
    expect(cell('春节问候', 'sent')).toHaveTextContent('1,200')
    // The pinned totals row: its label in the index column, the sum of the declared totals field, no actions.
    const totals = cell('合计', 'sent')
    expect(totals).toHaveTextContent('1,234')
    expect(cell('合计', 'name')).toHaveTextContent('')
    const totalsActions = cell('合计', '__actions')
    expect(totalsActions).not.toBeNull()
    expect(totalsActions!.querySelector('[data-action]')).toBeNull()
    expect(cell('春节问候', '__actions')!.querySelector('[data-action="pause"]')).not.toBeNull()
  })

  it('sends the search fields typed into the panel with the next page request', async () => {
    const user = userEvent.setup({ delay: null })
    renderList()
    const name = await screen.findByLabelText('模板名称')
    await waitFor(() => expect(server.to('POST /api/test/batches/list')).toHaveLength(1))
    await user.type(name, '春节{Enter}')
    await waitFor(() => expect(server.to('POST /api/test/batches/list').at(-1)?.body).toMatchObject({ name: '春节', pageNumber: 1 }))
  })

  it('runs a row action only after its confirmation (cancel skips it), calls its endpoint with the row, and refetches the page', async () => {
    const user = userEvent.setup({ delay: null })
    renderList()
    await waitFor(() => expect(cell('春节问候', 'name')).not.toBeNull())
    const pauseOf = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!.querySelector<HTMLButtonElement>('[data-action="pause"]')!
    // A row the action does not apply to has it disabled.
    await waitFor(() => expect(pauseOf('会员提醒')).toBeDisabled())

    await user.click(pauseOf('春节问候'))
    let dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定暂停批次 春节问候 吗？')
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The page takes pointer input again once the modal is gone.
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'))
    expect(server.to('POST /api/test/batches/pause')).toHaveLength(0)

    const listCalls = server.to('POST /api/test/batches/list').length
    await user.click(pauseOf('春节问候'))
    dialog = await screen.findByRole('dialog')
    // The confirm button names the action and the row it acts on.
    await user.click(within(dialog).getByRole('button', { name: '暂停第 1 行' }))
    await waitFor(() => expect(server.to('POST /api/test/batches/pause').map((c) => c.body)).toEqual([{ id: 7 }]))
    // The page is asked again and shows the row's new state.
    await waitFor(() => expect(server.to('POST /api/test/batches/list').length).toBeGreaterThan(listCalls))
    await waitFor(() => expect(pauseOf('春节问候')).toBeDisabled())
  })

  it("keeps a destructive action in the row's more menu, behind a confirmation naming the row", async () => {
    const user = userEvent.setup({ delay: null })
    renderList()
    await waitFor(() => expect(cell('会员提醒', 'name')).not.toBeNull())
    // Never a red button on every row: the cell holds only the safe action inline.
    expect(cell('会员提醒', '__actions')!.querySelector('[data-action="delete"]')).toBeNull()
    await user.click(screen.getByRole('button', { name: '第 2 行的更多操作' }))
    const menu = await screen.findByRole('menu')
    await user.click(within(menu).getByRole('menuitem', { name: '删除' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('确定删除第 2 行数据吗？')
    expect(server.to('POST /api/test/batches/delete')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: '删除第 2 行' }))
    await waitFor(() => expect(server.to('POST /api/test/batches/delete').map((c) => c.body)).toEqual([{ id: 8 }]))
    await waitFor(() => expect(cell('会员提醒', 'name')).toBeNull())
    expect(cell('春节问候', 'name')).not.toBeNull()
  })

  it('draws one-line rows at the density the user chose, remembered for that user, and the toolbar switches it', async () => {
    const user = userEvent.setup({ delay: null })
    setDensity('compact')
    renderList()
    await waitFor(() => expect(cell('春节问候', 'name')).not.toBeNull())
    const rowOf = (name: string) => cell(name, 'name')!.closest<HTMLElement>('[role="row"]')!
    expect(rowOf('春节问候').style.height).toBe('28px')
    const toggle = screen.getByTestId('list-density')
    expect(toggle).toHaveTextContent('行高：紧凑')
    await user.click(toggle)
    await waitFor(() => expect(rowOf('春节问候').style.height).toBe('40px'))
    expect(toggle).toHaveTextContent('行高：宽松')
    expect(getDensity()).toBe('comfortable')
    expect(JSON.parse(localStorage.getItem('sms.prefs.c-test') ?? '{}')).toMatchObject({ density: 'comfortable' })
    setDensity('compact')
  })

  it('expands the focused row to its whole text on Shift+Enter and back to one line on the next, without opening it', async () => {
    const user = userEvent.setup({ delay: null })
    renderList()
    await waitFor(() => expect(cell('春节问候', 'name')).not.toBeNull())
    await user.click(cell('春节问候', 'name')!)
    const expanded = () => [...document.querySelectorAll('[role="row"].sms-expanded')]
    expect(expanded()).toHaveLength(0)
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    await waitFor(() => expect(expanded().length).toBeGreaterThan(0))
    // The row that holds the focus, and only it (its cells in every pinned part of the grid).
    const focused = document.activeElement?.closest('[role="row"]')
    expect(focused).toHaveClass('sms-expanded')
    expect(new Set(expanded().map((r) => r.getAttribute('row-index')))).toEqual(new Set([focused?.getAttribute('row-index')]))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    await waitFor(() => expect(expanded()).toHaveLength(0))
  })

  it('shows the empty state with a reset when the endpoint has no rows', async () => {
    rows = []
    renderList()
    const empty = await screen.findByText('没有符合条件的记录')
    expect(within(empty.closest('[role="status"]')!).getByRole('button', { name: '重置' })).toBeInTheDocument()
  })
})
