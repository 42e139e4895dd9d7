import { LOCALES } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { getLocale, setLocale } from '@/stores/prefs'

/** The sign-in page's language choice; switching persists the choice and reloads (spec section 2). */
export function LanguageSwitch() {
  const { LL } = useI18nContext()
  const current = getLocale()
  return (
    <div role="group" aria-label={LL.common.language()} className="flex gap-1 text-sm">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === current}
          onClick={() => l !== current && setLocale(l)}
          className={`rounded px-2 py-1 ${l === current ? 'bg-[var(--surface-2)] font-medium' : 'text-[var(--muted)] hover:text-[var(--text)]'}`}
        >
          {LL.common.languages[l]()}
        </button>
      ))}
    </div>
  )
}
