import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { registerSettingsCommands } from '@/features/info/settings/settings.commands'
import { registerPaletteCommands } from '@/features/palette'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { i18nObject } from '@/i18n/i18n-util'
import { loadLocale } from '@/i18n/i18n-util.sync'
import { registerShellCommands } from '../shell.commands'
import type { Go } from './shell-actions'

/** Registers the palette's and the shell's commands for as long as the signed-in layout is mounted. */
export function useShellCommands(go: Go) {
  const { LL, locale } = useI18nContext()
  const queryClient = useQueryClient()
  useEffect(() => {
    const other: Locale = locale === 'en' ? 'zh-CN' : 'en'
    // The other language's dictionary is small; loading it lets either language find every command.
    loadLocale(other)
    const otherLL = i18nObject(other)
    const removePalette = registerPaletteCommands(LL, otherLL)
    const removeShell = registerShellCommands({ LL, otherLL, locale: locale as Locale, go, queryClient })
    const removeSettings = registerSettingsCommands(LL, otherLL, go)
    return () => {
      removePalette()
      removeShell()
      removeSettings()
    }
  }, [LL, locale, go, queryClient])
}
