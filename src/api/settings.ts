import { queryOptions } from '@tanstack/react-query'
import { siteSettingsSchema, type SiteSettings } from '@/domain/auth'
import { api } from './http'
import { settingsKeys } from './keys'

/** Site settings (record number, client name, logo, language switch); needs no token. */
export async function getSiteSettings(): Promise<SiteSettings> {
  return siteSettingsSchema.parse(await api('/setting/getClientWebSiteBeian', {}, { auth: false, silent: true }))
}

export const siteSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.site(), queryFn: getSiteSettings, staleTime: 10 * 60_000 })

/** The logo as an image source; the server sends base64 and its MIME subtype or type separately. */
export function logoSrc(s: Pick<SiteSettings, 'logo' | 'logoType'> | undefined): string | null {
  if (!s?.logo) return null
  if (s.logo.startsWith('data:')) return s.logo
  const type = s.logoType.includes('/') ? s.logoType : `image/${s.logoType || 'png'}`
  return `data:${type};base64,${s.logo}`
}
