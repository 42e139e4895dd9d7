import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { api } from '@/api/http'
import { queryClient } from '@/api/query-client'
import { getUserInfo, sessionView, useSession, type SessionView } from '@/stores/session'
import { getPageSizePref, setPageSizePref, useUserPrefs } from '@/stores/user-prefs'
import type { ListContext, ListDefinition, ListPage, Row, SearchField } from './define-list'
import { listKeys } from './keys'
import { buildPayload, pageSizeOr, readView, writeView, type ListView } from './url-state'

/** The user's context for visibleWhen rules; null until the user info has arrived. */
const listContext = ({ authUser, roles, flags }: SessionView): ListContext | null => (authUser ? { authUser, roles, flags } : null)

export function useListContext(): ListContext | null {
  const session = useSession()
  return useMemo(() => listContext(session), [session])
}

export function visibleFields(def: ListDefinition, ctx: ListContext | null): SearchField[] {
  return def.searchFields.filter((f) => !f.visibleWhen || (ctx !== null && f.visibleWhen(ctx)))
}

/**
 * The view held in the route's search params. Every change pushes a history entry, so back and forward walk
 * through searches, pages and sorts; a bookmark or a reload restores the same view.
 */
export function useListView(def: ListDefinition, fields: readonly SearchField[]) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const size = pageSizeOr(useUserPrefs().pageSizes[def.id])
  const view = useMemo(() => readView(def, fields, raw, new Date(), size), [def, fields, raw, size])
  const setView = useCallback(
    (next: ListView) => {
      // A page size the user picks is kept for this list, so the URL needs to carry it no more.
      if (next.pageSize !== view.pageSize) setPageSizePref(def.id, next.pageSize)
      void navigate({ to: '.', search: writeView(next, next.pageSize !== view.pageSize ? next.pageSize : size) as never })
    },
    [navigate, def.id, view.pageSize, size],
  )
  return { view, setView }
}

/** A server page of a list: the screen's query, and the one its route starts early (prefetchListPage). */
function listPageQuery(def: ListDefinition, payload: Record<string, unknown>) {
  return queryOptions({
    queryKey: listKeys.page(def.id, payload),
    queryFn: ({ signal }) =>
      def.fetchPage
        ? def.fetchPage(payload, signal)
        : // silent: the screen shows the error with a Retry button instead of a toast.
          api<ListPage>(def.endpoint, payload, { signal, silent: true }),
  })
}

/** One server page; the previous page stays on screen while the next loads (no flash of an empty grid). */
export function useListPage(def: ListDefinition, view: ListView, enabled: boolean) {
  const payload = useMemo(() => buildPayload(def, view), [def, view])
  return useQuery({
    ...listPageQuery(def, payload),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: def.pollWhile ? (q) => def.pollWhile!((q.state.data?.records ?? []) as Row[]) : false,
  })
}

/**
 * Asks for the page a list's screen is about to show (the same view, so the same query key) while the screen's
 * chunk, AG Grid, still loads: the route calls it as soon as it knows the path is this list, so the rows no longer
 * wait for the chunk. Nothing without the user's info (the screen waits for it too).
 */
export function prefetchListPage(def: ListDefinition, raw: Record<string, unknown>): void {
  const ctx = listContext(sessionView(null, getUserInfo()))
  if (!ctx) return
  const view = readView(def, visibleFields(def, ctx), raw, new Date(), pageSizeOr(getPageSizePref(def.id)))
  void queryClient.prefetchQuery(listPageQuery(def, buildPayload(def, view)))
}
