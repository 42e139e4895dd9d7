import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { groupMobiles, memberGroupsQuery } from '@/api/group-numbers'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Spinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'

const LABEL_NAMES = 3

interface Props {
  open: boolean
  onClose: () => void
  /** The sending account whose groups are offered; '' for every group the user may see. */
  cusId: string
  /** The page sends for a chosen account and none is chosen yet: no groups are offered until it is. */
  accountMissing?: boolean
  /** Adds the members' mobiles (the server's text bytes) as one source labelled `label`. */
  onAdd: (bytes: Uint8Array, label: string) => void
}

/**
 * Address-book groups as a number source: the groups with members, chosen with the mouse or the keyboard (arrows
 * move, Space toggles, Ctrl+A / the first box selects all, Enter adds), then fetched as one text file.
 */
export function GroupNumbersDialog({ open, onClose, cusId, accountMissing = false, onAdd }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.send.groups
  const groups = useQuery({ ...memberGroupsQuery(cusId), enabled: open && !accountMissing })
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const list = useRef<HTMLUListElement>(null)
  const rows = useMemo(() => groups.data ?? [], [groups.data])
  const picked = rows.filter((g) => chosen.has(g.group_id))
  const members = picked.reduce((s, g) => s + g.member_count, 0)
  const all = rows.length > 0 && picked.length === rows.length

  const toggle = (id: number) => setChosen((s) => {
    const next = new Set(s)
    if (!next.delete(id)) next.add(id)
    return next
  })
  const close = () => {
    setChosen(new Set())
    setError(null)
    onClose()
  }

  async function add() {
    if (!picked.length || busy) return
    setBusy(true)
    setError(null)
    try {
      const bytes = await groupMobiles(picked.map((g) => g.group_id))
      const names = picked.slice(0, LABEL_NAMES).map((g) => g.group_name).join(locale === 'en' ? ', ' : '、')
      onAdd(bytes, t.source({ names: picked.length > LABEL_NAMES ? `${names}…` : names }))
      close()
    } catch {
      setError(t.fetchFailed())
    } finally {
      setBusy(false)
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])]
    const at = boxes.indexOf(document.activeElement as HTMLInputElement)
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      boxes[Math.min(boxes.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus()
    } else if (e.key === 'Enter') {
      e.preventDefault()
      void add()
    } else if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      setChosen(all ? new Set() : new Set(rows.map((g) => g.group_id)))
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !busy && close()}
      title={t.title()}
      description={t.description()}
      width="max-w-lg"
      footer={
        <>
          <span className="mr-auto self-center text-sm text-[var(--muted)]" data-testid="groups-selected">
            {t.selected({ groups: picked.length, members })}
          </span>
          <Button variant="secondary" onClick={close} disabled={busy}>{LL.common.cancel()}</Button>
          <Button onClick={() => void add()} busy={busy} disabled={!picked.length} data-testid="groups-add">{t.add()}</Button>
        </>
      }
    >
      {accountMissing && <p role="alert" data-testid="groups-need-account" className="text-sm text-[var(--muted)]">{t.accountFirst()}</p>}
      {!accountMissing && groups.isPending && <p className="flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.loading()}</p>}
      {groups.isError && <p role="alert" className="text-sm text-[var(--danger)]">{t.loadFailed()}</p>}
      {groups.isSuccess && !rows.length && <p className="text-sm text-[var(--muted)]">{t.empty()}</p>}
      {rows.length > 0 && (
        <ul ref={list} onKeyDown={onKeyDown} data-testid="group-list" aria-label={t.title()}
          className="max-h-72 overflow-auto rounded border border-[var(--border)] text-sm">
          <li className="border-b border-[var(--border)] px-3 py-1.5">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" checked={all} onChange={() => setChosen(all ? new Set() : new Set(rows.map((g) => g.group_id)))} />
              {t.selectAll()}
            </label>
          </li>
          {rows.map((g) => (
            <li key={g.group_id} className="px-3 py-1.5 hover:bg-[var(--surface-2)]">
              <label className="flex items-center gap-2" data-testid="group-option">
                <input type="checkbox" checked={chosen.has(g.group_id)} onChange={() => toggle(g.group_id)} />
                <span className="flex-1 truncate">{g.group_name}</span>
                {!cusId && <span className="text-[var(--muted)]">{g.cus_id}</span>}
                <span className="w-20 text-right text-[var(--muted)]">{t.members({ count: g.member_count })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{error}</p>}
    </Dialog>
  )
}
