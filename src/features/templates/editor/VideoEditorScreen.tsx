import { useRef, useState } from 'react'
import { addVideoTemplate } from '@/api/templates'
import { formatShortcut } from '@/commands'
import { Button } from '@/components/ui/Button'
import { Frames } from '@/components/preview/MessagePreview'
import { TEMPLATE_LIMITS } from '@/domain/templates-write'
import { sizeKb } from '@/domain/lists/templates'
import { useI18nContext } from '@/i18n/i18n-react'
import { EDITOR_SHORTCUTS, useEditorCommands } from './editor-commands'
import { fieldId, ItemButton, TextArea, TextInput } from './fields'
import { focusAfterRemove } from './list-ops'
import { MediaSlot, type MediaSlotHandle } from './MediaSlot'
import { pickMedia } from './pick-media'
import { useTemplateEditor } from './use-template-editor'
import {
  addFrame, blankVideoDraft, FRAMES_MAX, moveFrame, patchFrame, removeFrame, videoDirty, videoDraftFrames, videoFieldOrder, videoPayload,
  videoProblems, videoTotalBytes, VIDEO_TOTAL_MAX_BYTES, type VideoDraft,
} from './video-draft'

const section = 'flex flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4'

/**
 * /video-sms/templates/new: ordered frames (media and text), the theme and the signature, the total size in KB as
 * the list shows it (red past the carriers' limit), and the frames previewed as the handset plays them.
 */
export default function VideoEditorScreen({ title }: { title: string }) {
  const { LL } = useI18nContext()
  const t = LL.tplEditor.video
  const te = LL.tplEditor.editor
  const ed = useTemplateEditor<VideoDraft>({
    form: 'video', blank: blankVideoDraft, problems: videoProblems, order: videoFieldOrder, dirty: videoDirty, listPath: '/video-sms/templates',
    send: async (d) => {
      await addVideoTemplate(videoPayload(d))
      return te.submitted({ name: d.title.trim() })
    },
  })
  const d = ed.draft
  const [active, setActive] = useState(0)
  const media = useRef<(MediaSlotHandle | null)[]>([])
  const frame = Math.min(active, d.frames.length - 1)

  const move = (i: number, delta: number) => {
    ed.update((x) => moveFrame(x, i, delta))
    setActive(Math.max(0, Math.min(d.frames.length - 1, i + delta)))
  }
  const remove = (i: number) => {
    if (d.frames.length === 1) return
    ed.update((x) => removeFrame(x, i))
    const next = focusAfterRemove(i, d.frames.length)
    setActive(next)
    ed.focus(`frames.${next}.text`)
  }
  const add = (i: number) => {
    if (d.frames.length >= FRAMES_MAX) return
    ed.update((x) => addFrame(x, i))
    setActive(i + 1)
    ed.focus(`frames.${i + 1}.material_id`)
  }
  useEditorCommands('video', {
    add: () => add(frame),
    move: (delta) => move(frame, delta),
    remove: () => remove(frame),
    pick: () => media.current[frame]?.pick(),
    upload: () => media.current[frame]?.upload(),
    submit: () => void ed.submit(),
  })

  const total = videoTotalBytes(d)
  const over = total > VIDEO_TOTAL_MAX_BYTES
  return (
    <form
      noValidate className="mx-auto grid max-w-6xl gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="video-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void ed.submit()
      }}
      onKeyDown={(e) => e.key === 'Enter' && !e.ctrlKey && !e.metaKey && e.target instanceof HTMLInputElement && e.preventDefault()}
    >
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-xs text-[var(--muted)]">{t.keys()}</p>
        <section className={section} aria-label={te.basics()}>
          <TextInput form="video" path="title" label={t.title()} value={d.title} error={ed.error('title')} onChange={(v) => ed.update((x) => ({ ...x, title: v }))} />
          <TextInput form="video" path="template_sign" label={t.sign()} hint={te.autographHint()} value={d.sign} error={ed.error('template_sign')} onChange={(sign) => ed.update((x) => ({ ...x, sign }))} />
          <TextInput form="video" path="remark" label={t.remark()} value={d.remark} error={ed.error('remark')} onChange={(remark) => ed.update((x) => ({ ...x, remark }))} />
        </section>
        <section className={section} aria-labelledby="video-frames-h">
          <h2 id="video-frames-h" className="font-semibold" tabIndex={-1} data-testid={fieldId('video', 'frames')}>
            {t.frames({ count: d.frames.length, max: FRAMES_MAX })}
          </h2>
          {ed.error('frames') && <p role="alert" className="text-xs text-[var(--danger)]">{ed.error('frames')}</p>}
          <ol className="flex flex-col gap-3">
            {d.frames.map((f, i) => {
              const n = i + 1
              return (
                <li key={f.key} className="flex flex-col gap-2 rounded-lg border border-[var(--border)] p-3" aria-label={t.frame({ n })} data-testid={`frame-${i}`} onFocus={() => setActive(i)}>
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-medium">{t.frame({ n })}</h3>
                    <div className="flex gap-1">
                      <ItemButton label={`${t.frame({ n })}: ${te.moveUp()}`} disabled={i === 0} onClick={() => move(i, -1)}>↑</ItemButton>
                      <ItemButton label={`${t.frame({ n })}: ${te.moveDown()}`} disabled={i === d.frames.length - 1} onClick={() => move(i, 1)}>↓</ItemButton>
                      <ItemButton label={t.removeFrame({ n })} disabled={d.frames.length === 1} onClick={() => remove(i)}>×</ItemButton>
                    </div>
                  </div>
                  <MediaSlot
                    ref={(h) => void (media.current[i] = h)} form="video" path={`frames.${i}.material_id`} purpose="video" media={f.media}
                    error={ed.error(`frames.${i}.material_id`)} onChange={(m) => ed.update((x) => patchFrame(x, x.frames.findIndex((y) => y.key === f.key), { media: m }))} onPick={() => pickMedia('video')}
                  />
                  <TextArea form="video" path={`frames.${i}.text`} label={t.frameText()} rows={2} value={f.text} error={ed.error(`frames.${i}.text`)} onChange={(text) => ed.update((x) => patchFrame(x, i, { text }))} />
                </li>
              )
            })}
          </ol>
          <div>
            <Button variant="secondary" type="button" disabled={d.frames.length >= FRAMES_MAX} onClick={() => add(d.frames.length - 1)} data-testid="video-add-frame">
              + {t.addFrame()} <kbd className="text-xs">{formatShortcut(EDITOR_SHORTCUTS.add)}</kbd>
            </Button>
          </div>
          <p id={fieldId('video', 'size')} tabIndex={-1} role={over || ed.error('size') ? 'alert' : 'status'} data-testid="video-total"
            className={`text-sm ${over ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
            {ed.error('size') ?? t.total({ size: String(sizeKb(total)), max: TEMPLATE_LIMITS.videoTotalKb })}
          </p>
        </section>
        {ed.formError && <p role="alert" className="text-sm text-[var(--danger)]" data-testid="video-editor-error">{ed.formError}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" busy={ed.busy} data-testid="video-editor-submit">
            {te.submit()} <kbd className="text-xs">{formatShortcut(EDITOR_SHORTCUTS.submit)}</kbd>
          </Button>
          <Button variant="ghost" type="button" onClick={() => void ed.reset()}>{te.reset()}</Button>
        </div>
      </div>
      <aside className="lg:sticky lg:top-4 lg:self-start" data-testid="video-preview">
        <section className={section}>
          <h2 className="font-semibold">{te.preview()}</h2>
          <Frames theme={d.title} frames={videoDraftFrames(d)} />
        </section>
      </aside>
    </form>
  )
}
