import { useEffect } from 'react'
import { recipientLocale } from '@/domain/interact'
import { useI18nContext } from '@/i18n/i18n-react'
import { loadLocale } from '@/i18n/i18n-util.sync'

/**
 * The public page speaks its visitor's browser language (recipientLocale), for this page only: the console's own
 * stored language is neither read nor changed. Returns the locale the page's calls ask the server to answer in.
 */
export function useRecipientLocale() {
  const { locale, setLocale } = useI18nContext()
  const wanted = recipientLocale(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language])
  useEffect(() => {
    if (locale === wanted) return
    loadLocale(wanted)
    setLocale(wanted)
    document.documentElement.lang = wanted
  }, [locale, wanted, setLocale])
  return wanted
}
