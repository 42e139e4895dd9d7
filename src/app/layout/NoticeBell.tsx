import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { markNoticesRead, noticeArrived, noticeKeys, noticeListQuery, unreadNoticesQuery } from '@/api/alerts'
import { invalidateSignatures } from '@/api/signatures'
import { invalidateAllTemplates } from '@/api/templates'
import { Popover } from '@/components/ui/Popover'
import type { Notice } from '@/domain/notice'
import { useI18nContext } from '@/i18n/i18n-react'
import { Icon, toolButtonClass } from './icons'
import type { Go } from './shell-actions'
import { Button } from '@/components/ui/Button'
import { formatDateTime } from '@/domain/date-time'

/**
 * The bell of the top bar: the unread count (polled every 30 s and refetched after a send), and a list of the newest
 * notices, unread first. Enter on a notice marks it read and opens its link; ↓/↑ move between notices.
 */
export function NoticeBell({ go }: { go: Go }) {
  const { LL } = useI18nContext()
  const t = LL.alerts.bell
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const unreadData = useQuery(unreadNoticesQuery()).data
  const unread = unreadData ?? 0
  // A review's notice means a template or a signature became sendable (or not): the send pages' pickers and
  // selectors must not wait for their one-minute cache. Any new notice refetches them; only the mounted ones ask again.
  const seen = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (noticeArrived(seen.current, unreadData)) {
      invalidateAllTemplates()
      invalidateSignatures()
    }
    if (unreadData !== undefined) seen.current = unreadData
  }, [unreadData])
  const list = useQuery({ ...noticeListQuery(), enabled: open })
  const refresh = () => qc.invalidateQueries({ queryKey: noticeKeys.all })

  const openNotice = async (n: Notice) => {
    setOpen(false)
    if (!n.read) await markNoticesRead({ id: n.id }).finally(refresh)
    if (n.link) go(n.link)
  }
  const markAll = async () => {
    await markNoticesRead({ all: true })
    await refresh()
  }
  // Arrow keys walk the notices from anywhere in the panel, as in a menu (↓ from outside the list: the first one);
  // Tab still reaches every button.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="notice-item"]')]
    if (!items.length) return
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const next = at < 0 ? (e.key === 'ArrowDown' ? 0 : items.length - 1) : (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length
    items[next].focus()
    e.preventDefault()
  }

  // The badge's count is the button's visible text, so the name holds it outside parentheses (WCAG 2.5.3 checks
  // read a parenthesis as an aside): "通知，6 条未读".
  const label = unread ? t.buttonUnread({ count: unread }) : t.title()
  const records = list.data?.records ?? []
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      testId="notice-panel"
      trigger={
        <button type="button" className={toolButtonClass} aria-label={label} title={label} data-testid="notice-button">
          <Icon name="bell" />
          {unread > 0 && (
            <span data-testid="notice-badge" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-[var(--danger)] px-1 text-[10px] leading-4 text-[var(--danger-contrast)]">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      }
    >
      <div className="flex w-80 flex-col gap-2 p-2" onKeyDown={onKeyDown}>
        <div className="flex items-center justify-between gap-2">
          <p className="font-medium">{t.title()}{unread > 0 && <span className="ml-2 text-xs text-[var(--muted)]">{t.unread({ count: unread })}</span>}</p>
          {unread > 0 && (
            <Button variant="ghost" size="xs" data-testid="notice-read-all" onClick={() => void markAll()}>
              {t.markAllRead()}
            </Button>
          )}
        </div>
        {list.isError && <p className="text-xs text-[var(--danger)]">{t.failed()}</p>}
        {list.isSuccess && records.length === 0 && (
          <div>
            <p className="font-medium">{LL.shell.noticeEmpty()}</p>
            <p className="mt-1 text-xs text-[var(--muted)]">{LL.shell.noticeHint()}</p>
          </div>
        )}
        {records.length > 0 && (
          <ul className="flex flex-col gap-1" data-testid="notice-list">
            {records.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  data-testid="notice-item"
                  data-read={n.read}
                  className="w-full rounded px-2 py-1.5 text-left hover:bg-[var(--surface-2)] focus:bg-[var(--surface-2)] focus:outline-none"
                  onClick={() => void openNotice(n)}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {!n.read && <span aria-hidden className="size-2 shrink-0 rounded-full bg-[var(--danger)]" />}
                    {n.title}
                  </span>
                  <span className="block text-xs text-[var(--muted)]">{n.body}</span>
                  <time className="block text-[11px] text-[var(--muted)]" dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popover>
  )
}
