import { Button } from '@/components/ui/Button'
import { toast } from '@/components/ui/toast'
import type { ShortLinkResult } from '@/domain/send-link'
import { formatTime } from '@/grid/format'
import { useI18nContext } from '@/i18n/i18n-react'

const TIME = 'yyyy-MM-dd HH:mm:ss'

/** A short link answered by either tool: both addresses with copy buttons, its click count and its first clicks. */
export function LinkResult({ link, testId }: { link: ShortLinkResult; testId: string }) {
  const { LL } = useI18nContext()
  const t = LL.linkTools.result
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(() => toast.success(t.copied()), () => toast.error(t.copyFailed()))
  const unknown = (v: string | null) => v ?? t.unknown()
  return (
    <section aria-label={t.title()} data-testid={testId} className="mt-4 flex flex-col gap-3 rounded border border-[var(--border)] bg-[var(--surface-2)] p-4 text-sm">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
        <dt className="text-[var(--muted)]">{t.shortUrl()}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <a href={link.short_url} target="_blank" rel="noreferrer noopener" className="truncate text-[var(--primary)] underline" data-testid="short-url">
            {link.short_url}
          </a>
          <Button variant="secondary" size="xs" className="shrink-0" onClick={() => void copy(link.short_url)}>
            {t.copyShort()}
          </Button>
        </dd>
        <dt className="text-[var(--muted)]">{t.longUrl()}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <span className="break-all" data-testid="long-url">{link.long_url}</span>
          <Button variant="secondary" size="xs" className="shrink-0" onClick={() => void copy(link.long_url)}>
            {t.copyLong()}
          </Button>
        </dd>
        <dt className="text-[var(--muted)]">{t.clicks()}</dt>
        <dd data-testid="click-count">{link.click_count}</dd>
        <dt className="text-[var(--muted)]">{t.created()}</dt>
        <dd>{formatTime(link.created_at, TIME)}</dd>
      </dl>
      <div>
        <h3 className="mb-1 font-medium">{t.firstClicks()}</h3>
        {link.clicks.length ? (
          <table className="w-full text-left">
            <thead className="text-[var(--muted)]">
              <tr>
                <th className="py-1 font-normal">{t.time()}</th>
                <th className="py-1 font-normal">{t.system()}</th>
                <th className="py-1 font-normal">{t.browser()}</th>
              </tr>
            </thead>
            <tbody>
              {link.clicks.map((c, i) => (
                <tr key={i} className="border-t border-[var(--border)]">
                  <td className="py-1">{formatTime(c.click_time, TIME)}</td>
                  <td className="py-1">{unknown(c.os)}</td>
                  <td className="py-1">{unknown(c.browser)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-[var(--muted)]">{t.noClicks()}</p>
        )}
      </div>
    </section>
  )
}
