import { api } from '@/api/http'
import { templateKeys } from '@/api/templates'
import { contentTemplateRowSchema, type ContentTemplateRow } from '@/domain/lists/templates'
import { z } from 'zod'

/**
 * A content template for its detail. The specification names no detail call for content templates, and the row
 * holds every field, so the detail reads the caller's list filtered to the id (the list's scope applies: another
 * tenant's template is not found); null when there is none.
 */
export const contentTemplateQuery = (id: number) => ({
  queryKey: templateKeys.detail('content', id),
  queryFn: async (): Promise<ContentTemplateRow | null> => {
    const page = await api<{ records: unknown[] }>('/contentTemplate/list', { id, pageNumber: 1, pageSize: 1 })
    return z.array(contentTemplateRowSchema).parse(page.records).find((r) => r.id === id) ?? null
  },
})
