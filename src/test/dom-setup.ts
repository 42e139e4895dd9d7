/**
 * Setup of the component tests (vitest's `dom` project, *.test.tsx): Testing Library's matchers, both dictionaries,
 * and a clean document, registry-free store and no stubbed global after each test.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { loadAllLocales } from '@/i18n/i18n-util.sync'

loadAllLocales()
// findBy/waitFor wait up to 5 s, not 1: two cores shared by a whole test run draw AG Grid's first rows slowly.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  localStorage.clear()
  document.cookie.split('; ').filter(Boolean).forEach((c) => (document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`))
})
