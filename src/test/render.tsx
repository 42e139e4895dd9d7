import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ConfirmHost } from '@/components/ui/confirm'
import type { Locale } from '@/domain/constants'
import TypesafeI18n from '@/i18n/i18n-react'

/** A fresh query client per test, without retries (a failed call fails the test's expectation at once). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

/** Renders inside what every page has around it (src/app/providers.tsx): the words, server state, the confirm dialog. */
export function renderWithProviders(ui: ReactNode, { locale = 'zh-CN', client = testQueryClient() }: { locale?: Locale; client?: QueryClient } = {}): RenderResult {
  return render(
    <TypesafeI18n locale={locale}>
      <QueryClientProvider client={client}>
        {ui}
        <ConfirmHost />
      </QueryClientProvider>
    </TypesafeI18n>,
  )
}
