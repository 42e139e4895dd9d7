import { Command as Cmdk } from 'cmdk'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useCommands, type Command } from '@/commands/registry'
import { useI18nContext } from '@/i18n/i18n-react'
import { useRecentCommandIds } from '@/stores/palette'
import { Kbd, ShortcutKbd } from './Kbd'
import { loadPinyin, pinyinReady } from './match'
import { paletteSections } from './order'

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-[var(--text)] data-[selected=true]:bg-[color-mix(in_srgb,var(--primary)_14%,transparent)]'
const headingClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-[var(--muted)]'

/**
 * The searchable list inside the palette dialog. It unmounts when the dialog closes, so the query starts empty
 * each time. Ordering is ours (`shouldFilter={false}`): cmdk's own filter knows neither pinyin nor recents.
 */
export function PaletteBody({ onRun }: { onRun: (command: Command) => void }) {
  const { LL } = useI18nContext()
  const commands = useCommands()
  const recent = useRecentCommandIds()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState('')
  const composing = useRef(false)
  const imeEnter = useRef(false)
  // Pinyin matching arrives a moment after the first opening (match.ts); the query is then ranked again.
  const [pinyin, setPinyin] = useState(pinyinReady)
  useEffect(() => {
    if (pinyin) return
    let live = true
    // Without it (a failed load) the palette still matches by characters.
    loadPinyin().then(
      () => {
        if (!live) return
        setPinyin(true)
        setSelected('')
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [pinyin])

  const sections = useMemo(
    () =>
      paletteSections(commands, query, recent, {
        recent: LL.palette.groups.recent(),
        actions: LL.palette.groups.actions(),
        results: LL.palette.groups.results(),
      }),
    // pinyin: once loaded, the same query is ranked anew
    [commands, query, recent, LL, pinyin],
  )
  // Each new query selects its best match; otherwise keep the row the user moved to.
  const ids = sections.flatMap((s) => s.entries.map((e) => e.command.id))
  const active = ids.includes(selected) ? selected : (ids[0] ?? '')

  const onKeyDown = (e: React.KeyboardEvent) => {
    // cmdk selects on Enter from its own keydown handler, which runs right after this one: flag an Enter that
    // commits IME text so onSelect ignores it (Chrome sets isComposing, Safari only keyCode 229).
    if (e.key !== 'Enter') return
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) {
      imeEnter.current = true
      setTimeout(() => (imeEnter.current = false), 0)
    }
  }
  const select = (command: Command) => {
    if (composing.current || imeEnter.current) return
    onRun(command)
  }

  return (
    <Cmdk label={LL.palette.title()} shouldFilter={false} loop value={active} onValueChange={setSelected} onKeyDown={onKeyDown}>
      <Cmdk.Input
        value={query}
        onValueChange={(q) => {
          setQuery(q)
          setSelected('')
        }}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
        placeholder={LL.palette.placeholder()}
        className="w-full border-b border-[var(--field-border)] bg-transparent px-4 py-3 text-base text-[var(--text)] outline-none placeholder:text-[var(--muted)]"
      />
      <Cmdk.List className={`max-h-[min(60vh,28rem)] overflow-y-auto p-2 ${headingClass}`}>
        <Cmdk.Empty className="px-3 py-8 text-center text-sm text-[var(--muted)]">{LL.palette.empty()}</Cmdk.Empty>
        {sections.map((section) => (
          <Cmdk.Group key={section.key} heading={section.heading}>
            {section.entries.map(({ command, label, group }) => (
              <Cmdk.Item key={command.id} value={command.id} onSelect={() => select(command)} className={itemClass}>
                <span className="min-w-0 flex-1 truncate">{label}</span>
                <span className="shrink-0 text-xs text-[var(--muted)]">{group}</span>
                {command.kind === 'action' && command.shortcut && <ShortcutKbd shortcut={command.shortcut} />}
              </Cmdk.Item>
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
      <div className="flex gap-4 border-t border-[var(--border)] px-4 py-2 text-xs text-[var(--muted)]">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> {LL.palette.hints.move()}
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> {LL.palette.hints.open()}
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> {LL.palette.hints.close()}
        </span>
      </div>
    </Cmdk>
  )
}
