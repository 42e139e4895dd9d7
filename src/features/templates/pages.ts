import type { TemplateKind } from '@/domain/templates-write'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The template pages beside the three lists: an editor at <list>/new (5G and video; a content template is one field,
 * written in a dialog) and a detail at <list>/<id>. The app binds '/$area/templates/$id' to them; anything else
 * under that pattern is not a page (404).
 */
export const TEMPLATE_LIST_PATH: Record<TemplateKind, string> = {
  content: '/home-sms/templates', csp: '/csp-sms/templates', video: '/video-sms/templates',
}
const KIND_OF_AREA: Record<string, TemplateKind> = { 'home-sms': 'content', 'csp-sms': 'csp', 'video-sms': 'video' }

export const templateNewPath = (kind: 'csp' | 'video') => `${TEMPLATE_LIST_PATH[kind]}/new`
export const templateDetailPath = (kind: TemplateKind, id: number) => `${TEMPLATE_LIST_PATH[kind]}/${id}`

export type TemplatePageRef = { kind: TemplateKind; id: number } | { kind: 'csp' | 'video'; id: 'new' }

/** The page a path's two parameters name, or null when there is none. */
export function templatePage(area: string, id: string): TemplatePageRef | null {
  const kind = KIND_OF_AREA[area]
  if (!kind) return null
  if (id === 'new') return kind === 'content' ? null : { kind, id: 'new' }
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? { kind, id: Number(id) } : null
}

/** The page's title (and its tab's label). */
export function templatePageTitle(LL: TranslationFunctions, p: TemplatePageRef): string {
  if (p.id === 'new') return p.kind === 'csp' ? LL.tplEditor.newCsp() : LL.tplEditor.newVideo()
  return LL.tplEditor.detail.title({ id: String(p.id) })
}
