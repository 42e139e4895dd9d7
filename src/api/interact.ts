import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '@/domain/constants'
import { interactViewResultSchema, type InteractView } from '@/domain/interact'
import { apiEnvelope } from './http'

/** The public interaction page's calls (src/domain/interact.ts): no token, answers in the visitor's language. */

export const interactKeys = {
  all: ['interact'] as const,
  page: (code: string) => [...interactKeys.all, 'page', code] as const,
}

export const interactPageQuery = (code: string, locale: Locale) =>
  queryOptions({
    queryKey: interactKeys.page(code),
    queryFn: async () =>
      interactViewResultSchema.parse((await apiEnvelope('/interact/messageInteractList', { code }, { auth: false, silent: true, locale })).data),
    retry: false,
    staleTime: Infinity,
  })

/** Sends one answer; the page as it now is, and the server's confirmation in the visitor's language. */
export async function sendInteractAnswer(code: string, content: string, locale: Locale): Promise<{ view: InteractView; msg: string }> {
  const env = await apiEnvelope('/interact/messageInteractSend', { code, content }, { auth: false, silent: true, locale })
  return { view: interactViewResultSchema.parse(env.data), msg: env.msg }
}
