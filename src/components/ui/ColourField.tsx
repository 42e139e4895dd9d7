import { useId, useState, type KeyboardEvent } from 'react'
import { isHexColour } from '@/domain/colour-contrast'
import { useI18nContext } from '@/i18n/i18n-react'
import { setColor, usePrefs } from '@/stores/prefs'

/**
 * The free choice of the primary colour: the native picker, and a #rrggbb field beside it for the keyboard (the
 * native picker's own dialog is out of reach of keys and of assistive technology in some browsers). When the theme
 * needs a darker or lighter shade for text to stay readable, a note names the colour actually used.
 */
export function ColourField({ label }: { label: string }) {
  const { LL } = useI18nContext()
  const { color, primary } = usePrefs()
  const [typed, setTyped] = useState<string | null>(null)
  const [bad, setBad] = useState(false)
  const id = useId()

  const commit = () => {
    if (typed === null) return
    const hex = typed.trim().replace(/^(?!#)/, '#')
    if (!isHexColour(hex)) return setBad(true)
    setBad(false)
    setTyped(null)
    setColor(hex)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    e.preventDefault()
    commit()
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input type="color" aria-label={label} value={color || '#1677ff'} onChange={(e) => setColor(e.target.value)} />
        <input
          aria-label={LL.shell.colorCode()}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-error` : undefined}
          data-testid="colour-code"
          spellCheck={false}
          placeholder="#1677ff"
          value={typed ?? color}
          onChange={(e) => { setTyped(e.target.value); setBad(false) }}
          onKeyDown={onKeyDown}
          onBlur={commit}
          className={`w-24 rounded border bg-[var(--surface)] px-2 py-1 font-mono text-xs text-[var(--text)]
            ${bad ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
        />
      </div>
      {bad && <p id={`${id}-error`} role="alert" className="text-xs text-[var(--danger)]">{LL.shell.colorCodeInvalid()}</p>}
      <p role="status" data-testid="colour-used" className="text-xs text-[var(--muted)]">
        {color && primary && primary !== color && (
          <>
            <span aria-hidden className="mr-1 inline-block size-2.5 rounded-sm align-middle" style={{ background: primary }} />
            {LL.shell.colorAdjusted({ used: primary })}
          </>
        )}
      </p>
    </div>
  )
}
