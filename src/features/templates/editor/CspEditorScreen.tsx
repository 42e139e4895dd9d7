import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { chatbotsQuery } from '@/api/send-csp'
import { approvedVideoTemplatesQuery, videoSendContentQuery } from '@/api/send-video'
import { addCspTemplate } from '@/api/templates'
import { formatShortcut } from '@/commands'
import { Button } from '@/components/ui/Button'
import { MessagePreview, type PreviewTab } from '@/components/preview/MessagePreview'
import { CHATBOT_STATUS, CSP_FALLBACK_CODES, type CspFallbackCode } from '@/domain/send-csp'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { CardEditor } from './CardEditor'
import {
  addButton, addCard, blankCspDraft, CARDS_MAX, cspDirty, cspDraftPreview, cspFieldOrder, cspPayload, cspProblems, moveButton, moveCard,
  patchButton, patchCard, removeButton, removeCard, toggleFallback, type CspDraft,
} from './csp-draft'
import { EDITOR_SHORTCUTS, useEditorCommands } from './editor-commands'
import { fieldId, Select, TextArea, TextInput } from './fields'
import { focusAfterRemove } from './list-ops'
import type { MediaSlotHandle } from './MediaSlot'
import { pickMedia } from './pick-media'
import { useTemplateEditor } from './use-template-editor'

const TAB_OF: Record<CspFallbackCode, PreviewTab> = { 1: 'sms', 2: 'video', 3: 'read' }
const section = 'flex flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4'

/**
 * /csp-sms/templates/new: the 5G template editor. Text or a carousel of cards on the left, the handset preview on
 * the right following what is typed (and the fallback tab of the fallback being typed), the fallbacks under the
 * cards. Every action has a named button reachable by Tab and a key (EDITOR_SHORTCUTS, on the `?` sheet).
 */
export default function CspEditorScreen({ title }: { title: string }) {
  const { LL } = useI18nContext()
  const t = LL.tplEditor.editor
  const cusId = useSession().authUser?.cusId ?? ''
  const ed = useTemplateEditor<CspDraft>({
    form: 'csp', blank: blankCspDraft, problems: cspProblems, order: cspFieldOrder, dirty: cspDirty, listPath: '/csp-sms/templates',
    send: async (d) => {
      await addCspTemplate(cspPayload(d))
      return t.submitted({ name: d.name.trim() })
    },
  })
  const d = ed.draft
  const [active, setActive] = useState<{ card: number; button: number | null }>({ card: 0, button: null })
  const [tab, setTab] = useState<PreviewTab>('5g')
  const media = useRef<(MediaSlotHandle | null)[]>([])
  const chatbots = useQuery(chatbotsQuery(cusId))
  const videos = useQuery(approvedVideoTemplatesQuery(d.lowType.includes(2) ? cusId : ''))
  const video = useQuery(videoSendContentQuery(cusId, d.lowType.includes(2) ? d.videoTemplateId : null))

  const card = Math.min(active.card, d.cards.length - 1)
  const edits = (i: number) => ({
    // By the card's key, not its index: an upload that finishes after the card moved still lands on its card.
    patch: (p: Parameters<typeof patchCard>[2]) => {
      const key = d.cards[i]?.key
      ed.update((x) => patchCard(x, x.cards.findIndex((c) => c.key === key), p))
    },
    move: (delta: number) => {
      ed.update((x) => moveCard(x, i, delta))
      setActive({ card: Math.max(0, Math.min(d.cards.length - 1, i + delta)), button: null })
    },
    remove: () => {
      ed.update((x) => removeCard(x, i))
      const next = focusAfterRemove(i, d.cards.length)
      setActive({ card: next, button: null })
      ed.focus(`cards.${next}.title`)
    },
    addButton: () => {
      ed.update((x) => addButton(x, i))
      ed.focus(`cards.${i}.buttons.${d.cards[i].buttons.length}.name`)
    },
    patchButton: (j: number, p: Parameters<typeof patchButton>[3]) => ed.update((x) => patchButton(x, i, j, p)),
    moveButton: (j: number, delta: number) => {
      ed.update((x) => moveButton(x, i, j, delta))
      setActive({ card: i, button: Math.max(0, Math.min(d.cards[i].buttons.length - 1, j + delta)) })
    },
    removeButton: (j: number) => {
      ed.update((x) => removeButton(x, i, j))
      setActive({ card: i, button: null })
      ed.focus(d.cards[i].buttons.length > 1 ? `cards.${i}.buttons.${focusAfterRemove(j, d.cards[i].buttons.length)}.name` : `cards.${i}.text`)
    },
    pick: () => pickMedia('csp'),
  })
  const addCardAfter = (i: number) => {
    if (d.kind !== 'card' || d.cards.length >= CARDS_MAX) return
    ed.update((x) => addCard(x, i))
    setActive({ card: i + 1, button: null })
    ed.focus(`cards.${i + 1}.material_id`)
  }

  useEditorCommands('csp', {
    add: () => addCardAfter(card),
    addButton: () => d.kind === 'card' && edits(card).addButton(),
    move: (delta) => {
      if (d.kind !== 'card') return
      if (active.button !== null) edits(card).moveButton(active.button, delta)
      else edits(card).move(delta)
    },
    remove: () => {
      if (d.kind !== 'card') return
      if (active.button !== null) edits(card).removeButton(active.button)
      else edits(card).remove()
    },
    pick: () => d.kind === 'card' && media.current[card]?.pick(),
    upload: () => d.kind === 'card' && media.current[card]?.upload(),
    submit: () => void ed.submit(),
  })

  const bots = chatbots.data ?? []
  const preview = cspDraftPreview(d, video.data ? { theme: video.data.videoTheme, frames: video.data.videoFrameList } : null)
  const fallbackLabel: Record<CspFallbackCode, string> = { 1: LL.sendCsp.fallback.sms(), 2: LL.sendCsp.fallback.video(), 3: LL.sendCsp.fallback.read() }
  const onTabField = (code: CspFallbackCode) => () => setTab(TAB_OF[code])

  return (
    <form
      noValidate className="mx-auto grid max-w-6xl gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="csp-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void ed.submit()
      }}
      // A long form: Enter in a one-line field does not send it half done; Ctrl/⌘+Enter does (a registered command).
      onKeyDown={(e) => e.key === 'Enter' && !e.ctrlKey && !e.metaKey && e.target instanceof HTMLInputElement && e.preventDefault()}
    >
      <div className="flex min-w-0 flex-col gap-4" onFocus={(e) => !(e.target as HTMLElement).closest('[data-fallback]') && setTab('5g')}>
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-xs text-[var(--muted)]">{t.keys()}</p>
        <section className={section} aria-label={t.basics()}>
          <TextInput form="csp" path="template_name" label={t.name()} value={d.name} error={ed.error('template_name')} onChange={(name) => ed.update((x) => ({ ...x, name }))} />
          <Select
            form="csp" path="chatbot_id" label={t.chatbot()} value={d.chatbotId} error={ed.error('chatbot_id')}
            hint={chatbots.isError ? t.chatbotsFailed() : chatbots.isSuccess && !bots.length ? t.noChatbot() : undefined}
            options={[{ value: '', label: t.chooseChatbot() }, ...bots.map((b) => ({
              value: b.chatbot_id, label: b.status === CHATBOT_STATUS.online ? b.name : t.offline({ name: b.name }),
            }))]}
            onChange={(chatbotId) => ed.update((x) => ({ ...x, chatbotId }))}
          />
          <TextInput form="csp" path="autograph" label={t.autograph()} hint={t.autographHint()} value={d.autograph} error={ed.error('autograph')} onChange={(autograph) => ed.update((x) => ({ ...x, autograph }))} />
          <Select
            form="csp" path="content_type" label={t.kind()} value={d.kind}
            options={[{ value: 'card', label: t.kindCard() }, { value: 'text', label: t.kindText() }]}
            onChange={(kind) => ed.update((x) => ({ ...x, kind: kind === 'text' ? 'text' : 'card' }))}
          />
        </section>
        {d.kind === 'text' ? (
          <section className={section}>
            <TextArea form="csp" path="text_5g" label={t.text5g()} rows={6} value={d.text} error={ed.error('text_5g')} onChange={(text) => ed.update((x) => ({ ...x, text }))} />
          </section>
        ) : (
          <section className={section} aria-labelledby="csp-cards-h">
            <h2 id="csp-cards-h" className="font-semibold" tabIndex={-1} data-testid={fieldId('csp', 'cards')}>
              {t.cards({ count: d.cards.length, max: CARDS_MAX })}
            </h2>
            {ed.error('cards') && <p role="alert" className="text-xs text-[var(--danger)]">{ed.error('cards')}</p>}
            <ol className="flex flex-col gap-3">
              {d.cards.map((c, i) => (
                <CardEditor
                  key={c.key} card={c} index={i} count={d.cards.length} error={ed.error} edits={edits(i)}
                  ref={(h) => void (media.current[i] = h)}
                  onFocusItem={(button) => setActive({ card: i, button })}
                />
              ))}
            </ol>
            <div>
              <Button variant="secondary" type="button" disabled={d.cards.length >= CARDS_MAX} onClick={() => addCardAfter(d.cards.length - 1)} data-testid="csp-add-card">
                + {t.addCard()} <kbd className="text-xs">{formatShortcut(EDITOR_SHORTCUTS.add)}</kbd>
              </Button>
            </div>
          </section>
        )}
        <section className={section} aria-labelledby="csp-fallback-h" data-fallback>
          <h2 id="csp-fallback-h" className="font-semibold">{t.fallback()}</h2>
          <p className="text-sm text-[var(--muted)]">{LL.sendCsp.fallback.hint()}</p>
          <div role="group" aria-labelledby="csp-fallback-h" className="flex flex-wrap gap-x-6 gap-y-2">
            {CSP_FALLBACK_CODES.map((code) => (
              <label key={code} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox" data-testid={`csp-fallback-${code}`} checked={d.lowType.includes(code)}
                  onFocus={onTabField(code)} onChange={(e) => {
                    ed.update((x) => toggleFallback(x, code, e.target.checked))
                    setTab(e.target.checked ? TAB_OF[code] : '5g')
                  }}
                />
                {fallbackLabel[code]}
              </label>
            ))}
          </div>
          {d.lowType.includes(1) && (
            <div onFocus={onTabField(1)}>
              <TextArea form="csp" path="sms_text" label={LL.sendCsp.fallback.smsText()} value={d.smsText} error={ed.error('sms_text')} onChange={(smsText) => ed.update((x) => ({ ...x, smsText }))} />
            </div>
          )}
          {d.lowType.includes(2) && (
            <div onFocus={onTabField(2)}>
              <Select
                form="csp" path="video_template_id" label={LL.sendCsp.fallback.videoTemplate()} value={d.videoTemplateId === null ? '' : String(d.videoTemplateId)}
                error={ed.error('video_template_id')} hint={videos.isSuccess && !videos.data.length ? LL.sendCsp.fallback.videoNone() : undefined}
                options={[{ value: '', label: LL.sendCsp.fallback.videoChoose() }, ...(videos.data ?? []).map((v) => ({ value: String(v.cus_template_id), label: v.title }))]}
                onChange={(v) => ed.update((x) => ({ ...x, videoTemplateId: v ? Number(v) : null }))}
              />
            </div>
          )}
          {d.lowType.includes(3) && (
            <div onFocus={onTabField(3)}>
              <TextArea form="csp" path="aim_text" label={LL.sendCsp.fallback.readText()} value={d.aimText} error={ed.error('aim_text')} onChange={(aimText) => ed.update((x) => ({ ...x, aimText }))} />
            </div>
          )}
        </section>
        {ed.formError && <p role="alert" className="text-sm text-[var(--danger)]" data-testid="csp-editor-error">{ed.formError}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" busy={ed.busy} data-testid="csp-editor-submit">
            {t.submit()} <kbd className="text-xs">{formatShortcut(EDITOR_SHORTCUTS.submit)}</kbd>
          </Button>
          <Button variant="ghost" type="button" onClick={() => void ed.reset()}>{t.reset()}</Button>
        </div>
      </div>
      <aside className="lg:sticky lg:top-4 lg:self-start" aria-labelledby="csp-preview-h" data-testid="csp-preview">
        <section className={section}>
          <h2 id="csp-preview-h" className="font-semibold">{t.preview()}</h2>
          <MessagePreview preview={preview} fallbacks={d.lowType} tab={tab} onTabChange={setTab} />
        </section>
      </aside>
    </form>
  )
}
