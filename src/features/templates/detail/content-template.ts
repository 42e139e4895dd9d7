import { api } from '@/api/http'
import { templateKeys } from '@/api/templates'
import { contentTemplateRowSchema, type ContentTemplateRow } from '@/domain/lists/templates'
import { z } from 'zod'

/** An account's content templates fit one page of the list call (the send pages' picker reads it the same way). */
const PAGE = 500

/**
 * A content template for its detail. The specification names no detail call for content templates, and the row
 * holds every field, so the detail reads the caller's list (newest first) and finds the row; null when it is not
 * among them (another tenant's, deleted).
 */
export const contentTemplateQuery = (id: number) => ({
  queryKey: templateKeys.detail('content', id),
  queryFn: async (): Promise<ContentTemplateRow | null> => {
    const page = await api<{ records: unknown[] }>('/contentTemplate/list', { pageNumber: 1, pageSize: PAGE, orderBy: 'create_time', order: 'desc' })
    return z.array(contentTemplateRowSchema).parse(page.records).find((r) => r.id === id) ?? null
  },
})
