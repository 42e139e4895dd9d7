import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { queryClient } from '@/api/query-client'
import { ConfirmHost } from '@/components/ui/confirm'
import { Toaster } from '@/components/ui/toast'
import type { Locale } from '@/domain/constants'
import TypesafeI18n from '@/i18n/i18n-react'
import { useLocked } from '@/stores/lock'

/** Everything every page needs around it: words, server state, toasts and the one confirm dialog. */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  // A locked screen shows no toast or question of the page behind it.
  const locked = useLocked()
  return (
    <TypesafeI18n locale={locale}>
      <QueryClientProvider client={queryClient}>
        {children}
        {!locked && <Toaster />}
        {!locked && <ConfirmHost />}
      </QueryClientProvider>
    </TypesafeI18n>
  )
}
