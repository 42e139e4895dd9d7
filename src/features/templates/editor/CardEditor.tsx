import { forwardRef } from 'react'
import { CSP_BUTTON_KINDS, type CspButtonKind } from '@/domain/templates-write'
import { useI18nContext } from '@/i18n/i18n-react'
import { BUTTONS_MAX, type DraftButton, type DraftCard, type DraftMedia } from './csp-draft'
import { fieldId, ItemButton, Select, TextArea, TextInput } from './fields'
import { MediaSlot, type MediaSlotHandle } from './MediaSlot'

export interface CardEdits {
  patch(p: Partial<DraftCard>): void
  move(delta: number): void
  remove(): void
  addButton(): void
  patchButton(j: number, p: Partial<DraftButton>): void
  moveButton(j: number, delta: number): void
  removeButton(j: number): void
  pick(): Promise<DraftMedia | null>
}

/**
 * One card of the carousel: media, title, text and its buttons, each button with its action and its own move and
 * remove. Focus inside the card makes it (and the focused button) the target of the editor's Alt keys.
 */
export const CardEditor = forwardRef<MediaSlotHandle, {
  card: DraftCard
  index: number
  count: number
  error: (path: string) => string | null
  edits: CardEdits
  onFocusItem: (button: number | null) => void
}>(function CardEditor({ card, index: i, count, error, edits, onFocusItem }, mediaRef) {
  const { LL } = useI18nContext()
  const t = LL.tplEditor.editor
  const p = `cards.${i}`
  const n = i + 1
  const buttonsError = error(`${p}.buttons`)
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3"
      aria-label={t.card({ n })} data-testid={`card-${i}`}
      onFocus={() => onFocusItem(null)}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{t.card({ n })}</h3>
        <div className="flex gap-1">
          <ItemButton label={`${t.card({ n })}: ${t.moveUp()}`} disabled={i === 0} onClick={() => edits.move(-1)}>↑</ItemButton>
          <ItemButton label={`${t.card({ n })}: ${t.moveDown()}`} disabled={i === count - 1} onClick={() => edits.move(1)}>↓</ItemButton>
          <ItemButton label={t.removeCard({ n })} disabled={count === 1} onClick={edits.remove} testId={`card-${i}-remove`}>×</ItemButton>
        </div>
      </div>
      <MediaSlot
        ref={mediaRef} form="csp" path={`${p}.material_id`} purpose="csp" media={card.media} error={error(`${p}.material_id`)}
        onChange={(media) => edits.patch({ media })} onPick={edits.pick}
      />
      <TextInput form="csp" path={`${p}.title`} label={t.title()} value={card.title} error={error(`${p}.title`)} onChange={(title) => edits.patch({ title })} />
      <TextArea form="csp" path={`${p}.text`} label={t.text()} value={card.text} error={error(`${p}.text`)} onChange={(text) => edits.patch({ text })} />
      <div className="flex flex-col gap-2" id={fieldId('csp', `${p}.buttons`)} tabIndex={-1}>
        <span className="text-sm text-[var(--muted)]">{t.buttons({ count: card.buttons.length, max: BUTTONS_MAX })}</span>
        <ol className="flex flex-col gap-2">
          {card.buttons.map((b, j) => (
            <ButtonRow key={b.key} card={i} index={j} count={card.buttons.length} button={b} error={error} edits={edits} onFocus={() => onFocusItem(j)} />
          ))}
        </ol>
        {buttonsError && <p role="alert" className="text-xs text-[var(--danger)]">{buttonsError}</p>}
        <div>
          <ItemButton label={t.addButton()} disabled={card.buttons.length >= BUTTONS_MAX} onClick={edits.addButton} testId={`card-${i}-add-button`}>
            + {t.addButton()}
          </ItemButton>
        </div>
      </div>
    </li>
  )
})

function ButtonRow({ card, index: j, count, button: b, error, edits, onFocus }: {
  card: number
  index: number
  count: number
  button: DraftButton
  error: (path: string) => string | null
  edits: CardEdits
  onFocus: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.tplEditor.editor
  const p = `cards.${card}.buttons.${j}`
  const n = j + 1
  return (
    // Focus in a button row names that button (the card's own onFocus runs first, as the event bubbles after).
    <li className="grid grid-cols-[8rem_1fr_1fr_auto] items-start gap-2" aria-label={t.button({ n })} onFocus={(e) => { e.stopPropagation(); onFocus() }}>
      <Select
        form="csp" path={`${p}.kind`} label={t.buttonKind()} value={b.kind}
        options={CSP_BUTTON_KINDS.map((k) => ({ value: k, label: t.kinds[k]() }))}
        onChange={(v) => edits.patchButton(j, { kind: v as CspButtonKind })}
      />
      <TextInput form="csp" path={`${p}.name`} label={t.buttonName()} value={b.name} error={error(`${p}.name`)} onChange={(name) => edits.patchButton(j, { name })} />
      {b.kind === 'reply' ? <span /> : (
        <TextInput
          form="csp" path={`${p}.value`} label={b.kind === 'dial' ? t.buttonPhone() : t.buttonUrl()} value={b.value}
          inputMode={b.kind === 'dial' ? 'tel' : 'url'} error={error(`${p}.value`)} onChange={(value) => edits.patchButton(j, { value })}
        />
      )}
      <div className="mt-6 flex gap-1">
        <ItemButton label={`${t.button({ n })}: ${t.moveUp()}`} disabled={j === 0} onClick={() => edits.moveButton(j, -1)}>↑</ItemButton>
        <ItemButton label={`${t.button({ n })}: ${t.moveDown()}`} disabled={j === count - 1} onClick={() => edits.moveButton(j, 1)}>↓</ItemButton>
        <ItemButton label={t.removeButton({ n })} onClick={() => edits.removeButton(j)}>×</ItemButton>
      </div>
    </li>
  )
}
