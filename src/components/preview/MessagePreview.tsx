import { useState } from 'react'
import { apiUrl } from '@/api/http'
import { Tabs } from '@/components/ui/Tabs'
import { CSP_CONTENT_TYPE, type CspCard, type CspFallbackCode, type CspFrame, type CspPreview } from '@/domain/send-csp'
import { useI18nContext } from '@/i18n/i18n-react'
import { measureContent } from '../../../workers/billing'

export type PreviewTab = '5g' | 'sms' | 'video' | 'read'
type TabKey = PreviewTab
const TAB_OF: Record<CspFallbackCode, TabKey> = { 1: 'sms', 2: 'video', 3: 'read' }

/**
 * Media are data: URIs or paths the API serves (never an external host the console would need to know): a path
 * under the API base already (a material's signed address) as it is, any other path below the API base.
 */
export function mediaSrc(url: string): string {
  if (/^(data:|blob:|https?:)/.test(url)) return url
  return url.startsWith(apiUrl('/')) ? url : apiUrl(url)
}

function Media({ type, url, label }: { type: string; url: string; label: string }) {
  const { LL } = useI18nContext()
  // A card being edited has no media yet: the place it will take, not a broken picture.
  if (!url) {
    return (
      <div className="flex h-32 w-full items-center justify-center rounded border border-dashed border-[var(--border)] text-xs text-[var(--muted)]" data-testid="preview-no-media">
        {LL.sendCsp.preview.noMedia()}
      </div>
    )
  }
  const src = mediaSrc(url)
  if (type === 'video') return <video src={src} controls preload="metadata" aria-label={label} className="h-32 w-full rounded bg-black" />
  if (type === 'audio') return <audio src={src} controls preload="metadata" aria-label={label} className="w-full" />
  return <img src={src} alt={label} className="h-32 w-full rounded object-cover" />
}

function Card({ card, n, total }: { card: CspCard; n: number; total: number }) {
  const { LL } = useI18nContext()
  return (
    <li
      className="flex w-56 shrink-0 snap-start flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-2"
      aria-label={LL.sendCsp.preview.card({ n, total })}
      data-testid="csp-card"
    >
      <Media type={card.mediaType} url={card.mediaUrl} label={card.cardTitle} />
      <h3 className="font-medium break-words">{card.cardTitle}</h3>
      <p className="text-sm break-words whitespace-pre-wrap">{card.textContent}</p>
      {card.buttons.length > 0 && (
        <ul className="mt-auto flex flex-col gap-1" aria-label={LL.sendCsp.preview.buttons()}>
          {card.buttons.map((b, i) => (
            <li key={i} className="rounded-full border border-[var(--primary)] px-3 py-1 text-center text-sm text-[var(--primary)]">{b.buttonName}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

function Bubble({ text, measured = false }: { text: string; measured?: boolean }) {
  const { LL } = useI18nContext()
  const m = measureContent(text)
  return (
    <div className="flex flex-col gap-1">
      <p className="max-w-md rounded-lg bg-[var(--surface-2)] p-3 text-sm whitespace-pre-wrap" data-testid="csp-bubble">
        {text || <span className="text-[var(--muted)]">{LL.sendCsp.preview.noText()}</span>}
      </p>
      {measured && text && <p className="text-xs text-[var(--muted)]">{LL.sendCsp.preview.smsMeasure({ chars: m.chars, messages: m.messages })}</p>}
    </div>
  )
}

export function Frames({ theme, frames }: { theme: string; frames: CspFrame[] }) {
  const { LL } = useI18nContext()
  const t = LL.sendCsp.preview
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium">{t.theme({ theme })}</p>
      {frames.length === 0 && <p className="text-sm text-[var(--muted)]">{t.noFrames()}</p>}
      <ol className="flex gap-2 overflow-x-auto pb-2" data-testid="preview-frames">
        {frames.map((f) => (
          <li key={f.seq} className="flex w-44 shrink-0 flex-col gap-1">
            <Media type={f.mediaType} url={f.mediaUrl} label={t.frame({ n: f.seq })} />
            <p className="text-xs">{f.textContent}</p>
          </li>
        ))}
      </ol>
    </div>
  )
}

/**
 * The message preview panel (spec section 2): the 5G message and one tab per chosen fallback. The 5G message is a
 * text or a card carousel (media, title, text, buttons) that scrolls sideways, also by keyboard once focused.
 */
export function MessagePreview({ preview, fallbacks, tab: shown, onTabChange }: {
  preview: CspPreview
  fallbacks: readonly CspFallbackCode[]
  /** The tab to show, for an editor that follows the field being typed in; the panel keeps its own otherwise. */
  tab?: PreviewTab
  onTabChange?: (tab: PreviewTab) => void
}) {
  const { LL } = useI18nContext()
  const t = LL.sendCsp.preview
  const [own, setOwn] = useState<TabKey>('5g')
  const chosen = shown ?? own
  const setTab = (k: TabKey) => {
    setOwn(k)
    onTabChange?.(k)
  }
  const labels: Record<TabKey, string> = { '5g': t.tab5g(), sms: t.tabSms(), video: t.tabVideo(), read: t.tabRead() }
  const keys: TabKey[] = ['5g', ...fallbacks.map((c) => TAB_OF[c])]
  const tab = keys.includes(chosen) ? chosen : '5g'
  const cards = preview.cspCardList
  return (
    <Tabs items={keys.map((key) => ({ key, label: labels[key] }))} value={tab} onChange={setTab} label={t.tabs()}>
      {tab === '5g' && (preview.contentType === CSP_CONTENT_TYPE.card ? (
        <ul
          className="flex snap-x gap-3 overflow-x-auto pb-2 outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]/40"
          tabIndex={0}
          aria-label={t.cards({ count: cards.length })}
          data-testid="csp-carousel"
        >
          {cards.map((c, i) => <Card key={c.cardSeq} card={c} n={i + 1} total={cards.length} />)}
        </ul>
      ) : <Bubble text={preview.text5g} />)}
      {tab === 'sms' && <Bubble text={preview.smsTextContent} measured />}
      {tab === 'video' && <Frames theme={preview.videoTheme} frames={preview.videoFrameList} />}
      {tab === 'read' && <Bubble text={preview.aimTextContent} />}
    </Tabs>
  )
}
