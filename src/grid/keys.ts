/**
 * Query keys of list pages. Everything sits under the `user` prefix (src/api/keys.ts) so log-out drops it, then
 * `list`, then the list id: row actions invalidate `listKeys.list(id)` and refetch only that list's pages.
 */
export const listKeys = {
  all: ['user', 'list'] as const,
  list: (id: string) => [...listKeys.all, id] as const,
  page: (id: string, search: Record<string, unknown>) => [...listKeys.list(id), 'page', search] as const,
}
