/**
 * Setup of the component tests (vitest's `dom` project, *.test.tsx): Testing Library's matchers, both dictionaries,
 * and a clean document, registry-free store and no stubbed global after each test.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { loadAllLocales } from '@/i18n/i18n-util.sync'

loadAllLocales()

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  localStorage.clear()
  document.cookie.split('; ').filter(Boolean).forEach((c) => (document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`))
})
