import { shortLinkResultSchema, type ShortLinkResult } from '@/domain/send-link'
import { api } from './http'

/**
 * The short-link tools (/short-link/tools): long → short and short → long, each with the link's clicks. Silent: the
 * tool's form shows a refusal under its field.
 */

export async function longToShort(longUrl: string): Promise<ShortLinkResult> {
  return shortLinkResultSchema.parse(await api('/shortChainTool/longToShort', { long_url: longUrl }, { silent: true }))
}

export async function shortToLong(shortUrl: string): Promise<ShortLinkResult> {
  return shortLinkResultSchema.parse(await api('/shortChainTool/shortToLong', { short_url: shortUrl }, { silent: true }))
}
