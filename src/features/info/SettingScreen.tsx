import type { ReactNode } from 'react'
import { LOCALES, THEMES, type Locale, type Theme } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { setColor, setLocale, setTheme, toggleSidebar, usePrefs } from '@/stores/prefs'
import { SETTING_SECTIONS } from './settings/sections'
import { Button } from '@/components/ui/Button'
import { ColourField } from '@/components/ui/ColourField'

const field = 'rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-1.5 text-sm text-[var(--text)]'

/**
 * /info/setting: the display preferences, then the account's settings, one section each (settings/sections.tsx:
 * password, mobile, name, certification and what other areas add there).
 */
export function SettingScreen() {
  const { LL, locale } = useI18nContext()
  const { theme, sidebarCollapsed } = usePrefs()
  const t = LL.pages.setting

  return (
    <div data-testid="setting-screen" className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t.preferences()}>
        <Row label={t.language()} hint={t.languageHint()}>
          <select className={field} value={locale} aria-label={t.language()} data-testid="setting-language" onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => <option key={l} value={l}>{LL.common.languages[l]()}</option>)}
          </select>
        </Row>
        <Row label={t.theme()}>
          <select className={field} value={theme} aria-label={t.theme()} data-testid="setting-theme" onChange={(e) => setTheme(e.target.value as Theme)}>
            {THEMES.map((th) => <option key={th} value={th}>{LL.shell.themes[th]()}</option>)}
          </select>
        </Row>
        <Row label={t.color()}>
          <ColourField label={t.color()} />
          <Button variant="ghost" size="xs" onClick={() => setColor('')}>{t.colorReset()}</Button>
        </Row>
        <Row label={t.sidebar()}>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={sidebarCollapsed} onChange={(e) => toggleSidebar(e.target.checked)} />
            {t.sidebarCollapsed()}
          </label>
        </Row>
      </Panel>
      {SETTING_SECTIONS.map(({ id, title, Component }) =>
        title ? (
          <Panel key={id} id={`settings-${id}-section`} title={title(LL)}>
            <Component />
          </Panel>
        ) : (
          <div key={id} id={`settings-${id}-section`}>
            <Component />
          </div>
        ),
      )}
    </div>
  )
}

function Panel({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} data-testid={id} className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  )
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid items-center gap-2 sm:grid-cols-[10rem_1fr]">
      <span className="text-sm text-[var(--muted)]">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        {children}
        {hint && <span className="text-xs text-[var(--muted)]">{hint}</span>}
      </div>
    </div>
  )
}
