import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import * as Popover from '@radix-ui/react-popover'
import { useQuery } from '@tanstack/react-query'
import { siteSettingsQuery } from '@/api/settings'
import { LOCALES, THEMES, type Locale, type Theme } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { setColor, setLocale, setTheme, usePrefs } from '@/stores/prefs'
import { Icon, menuItemClass, menuPanelClass, toolButtonClass } from './icons'
import { Button } from '@/components/ui/Button'
import { ColourField } from '@/components/ui/ColourField'
import { PRIMARY_SWATCHES, readablePrimary } from '@/domain/colour-contrast'

export function ColorPicker() {
  const { LL } = useI18nContext()
  return (
    <Popover.Root>
      <Popover.Trigger className={toolButtonClass} aria-label={LL.shell.color()} title={LL.shell.color()} data-testid="color-picker">
        <Icon name="color" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} className={`${menuPanelClass} w-60 p-3`} data-testid="color-panel">
          <Swatches />
          <ColourField label={LL.shell.color()} />
          <Button variant="ghost" size="xs" className="mt-1" onClick={() => setColor('')}>
            {LL.shell.colorReset()}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

/**
 * Each swatch is drawn, and named, as the current theme will use it. Its own component, so the fitting (a search over
 * lightness, tens of milliseconds for the eight) runs only while the panel is open, not with every render of the top bar.
 */
function Swatches() {
  const { color, palette } = usePrefs()
  return (
    <div className="mb-2 grid grid-cols-4 gap-2">
      {PRIMARY_SWATCHES.map((c) => {
        const shown = (palette && readablePrimary(c, palette)) || c
        return (
          <button
            key={c}
            type="button"
            aria-label={shown}
            title={shown}
            aria-pressed={color === c}
            onClick={() => setColor(c)}
            className="h-8 rounded border-2 border-transparent aria-pressed:border-[var(--text)]"
            style={{ background: shown }}
          />
        )
      })}
    </div>
  )
}

export function ThemePicker() {
  const { LL } = useI18nContext()
  const { theme } = usePrefs()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={toolButtonClass} aria-label={LL.shell.theme()} title={LL.shell.theme()} data-testid="theme-picker">
        <Icon name="theme" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanelClass}>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(t) => setTheme(t as Theme)}>
            {THEMES.map((t) => (
              <DropdownMenu.RadioItem key={t} value={t} className={menuItemClass} data-testid={`theme-${t}`}>
                <span className="w-3 text-[var(--primary)]">{t === theme ? '●' : ''}</span>
                {LL.shell.themes[t]()}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** Shown unless the site setting show_language turns it off (spec section 2). */
export function LanguageSwitch() {
  const { LL, locale } = useI18nContext()
  const site = useQuery(siteSettingsQuery()).data
  if (site && site.show_language === 0) return null
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={toolButtonClass} aria-label={`${LL.shell.language()}: ${LL.common.languages[locale as Locale]()}`}
        title={LL.shell.language()} data-testid="lang-switch">
        <Icon name="globe" />
        <span className="hidden text-xs md:inline">{LL.common.languages[locale as Locale]()}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanelClass}>
          {LOCALES.map((l) => (
            <DropdownMenu.Item
              key={l}
              className={menuItemClass}
              data-testid={`lang-${l}`}
              disabled={l === locale}
              onSelect={() => setLocale(l)}
            >
              {LL.common.languages[l]()}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
