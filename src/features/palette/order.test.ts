import { beforeAll, describe, expect, it } from 'vitest'
import type { Command } from '@/commands/registry'
import { loadPinyin } from './match'
import { paletteSections } from './order'

const headings = { recent: 'Recent', actions: 'Actions', results: 'Results' }
const route = (id: string, label: string, group: string, keywords: string[] = []): Command => ({
  id, kind: 'route', label: () => label, group: () => group, keywords: () => keywords, perform: () => {},
})
const action = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
  id, kind: 'action', label: () => label, group: () => 'Shell', perform: () => {}, ...extra,
})

const commands = [
  route('route:/sms/mt', '发送记录', '普通短信', ['Sent records']),
  route('route:/intl/mt', '发送记录', '国际短信', ['Sent records']),
  route('route:/sms/mo', '回复记录', '普通短信', ['Reply records']),
  action('action:lock', '锁屏', { keywords: () => ['Lock screen'] }),
  action('action:hidden', '隐藏', { when: () => false }),
  action('action:theme', '主题'),
  action('action:palette', '打开命令面板', { shortcut: 'mod+k', shortcutOnly: true }),
]
const ids = (s: ReturnType<typeof paletteSections>) => s.map((x) => [x.heading, x.entries.map((e) => e.command.id)])

describe('paletteSections', () => {
  beforeAll(loadPinyin)
  it('lists recents first, then routes by module, then actions, without hidden or shortcut-only commands', () => {
    expect(ids(paletteSections(commands, '', ['action:lock', 'route:/intl/mt', 'route:gone'], headings))).toEqual([
      ['Recent', ['action:lock', 'route:/intl/mt']],
      ['普通短信', ['route:/sms/mt', 'route:/sms/mo']],
      ['Actions', ['action:theme']],
    ])
  })
  it('orders query results by score', () => {
    const [results] = paletteSections(commands, 'hfjl', [], headings)
    expect(results.entries.map((e) => e.command.id)).toEqual(['route:/sms/mo'])
    expect(paletteSections(commands, 'suoping', [], headings)[0].entries[0].command.id).toBe('action:lock')
  })
  it('lifts a recently used entry above an equal match', () => {
    const [plain] = paletteSections(commands, 'fsjl', [], headings)
    expect(plain.entries.map((e) => e.command.id)).toEqual(['route:/sms/mt', 'route:/intl/mt'])
    const [boosted] = paletteSections(commands, 'fsjl', ['route:/intl/mt'], headings)
    expect(boosted.entries.map((e) => e.command.id)).toEqual(['route:/intl/mt', 'route:/sms/mt'])
  })
  it('finds an entry by words of it and of its module, in either order, but never by the module alone', () => {
    const first = (q: string) => paletteSections(commands, q, [], headings)[0]?.entries.map((e) => e.command.id)
    expect(first('国际短信 发送记录')).toEqual(['route:/intl/mt'])
    expect(first('发送记录 国际')).toEqual(['route:/intl/mt'])
    expect(first('普通短信 fsjl')).toEqual(['route:/sms/mt'])
    expect(first('sent records 国际')).toEqual(['route:/intl/mt'])
    // Every word must be found: the module and a word of no entry match nothing.
    expect(first('国际短信 回复记录')).toBeUndefined()
    // The module's words alone list none of its entries.
    expect(first('国际 短信')).toBeUndefined()
    // A whole-query match still ranks first.
    const [both] = paletteSections([...commands, route('route:/x', '发送记录 国际', 'Other')], '发送记录 国际', [], headings)
    expect(both.entries.map((e) => e.command.id)).toEqual(['route:/x', 'route:/intl/mt'])
  })
  it('returns no sections when nothing matches', () => {
    expect(paletteSections(commands, 'zzzz', [], headings)).toEqual([])
  })
  it('puts first what a command makes of the query, and never lists that command itself', () => {
    const opener = action('action:open-batch', 'Open batch', {
      forQuery: (q) => (/^B\d+$/.test(q) ? action(`action:open-batch:${q}`, `Open batch ${q}`) : null),
    })
    const all = [...commands, opener]
    expect(ids(paletteSections(all, '', [], headings)).flatMap(([, list]) => list)).not.toContain('action:open-batch')
    expect(ids(paletteSections(all, 'B2612', [], headings))).toEqual([['Results', ['action:open-batch:B2612']]])
    expect(ids(paletteSections(all, '锁屏', [], headings))).toEqual([['Results', ['action:lock']]])
  })
})

describe('the palette ranks what a user means', () => {
  beforeAll(loadPinyin)
  it("puts the focused row's action before a page of the same word", () => {
    const list = [
      route('route:/recharge/list', '充值记录', '用户中心'),
      action('list:customers:row:charge', '充值（当前行）', { onFocused: true }),
    ]
    expect(paletteSections(list, '充值', [], headings)[0].entries.map((e) => e.command.id)).toEqual(['list:customers:row:charge', 'route:/recharge/list'])
    expect(paletteSections(list, 'cz', [], headings)[0].entries[0].command.id).toBe('list:customers:row:charge')
  })
  it('finds 新建 and 添加 for 新增, below the words as typed', () => {
    const list = [
      action('a:contact', '新建联系人'), action('a:opt-out', '添加退订号码'), action('a:group', '新增分组'), action('a:other', '删除联系人'),
    ]
    expect(paletteSections(list, '新增联系人', [], headings)[0].entries.map((e) => e.command.id)).toEqual(['a:contact'])
    expect(paletteSections(list, '新增退订', [], headings)[0].entries.map((e) => e.command.id)).toEqual(['a:opt-out'])
    const all = paletteSections(list, '新增', [], headings)[0].entries.map((e) => e.command.id)
    expect(all[0]).toBe('a:group')
    expect(new Set(all)).toEqual(new Set(['a:group', 'a:contact', 'a:opt-out']))
  })
})
