import { lazy } from 'react'
import type { TemplatePageRef } from './pages'

const CspEditorScreen = lazy(() => import('./editor/CspEditorScreen'))
const VideoEditorScreen = lazy(() => import('./editor/VideoEditorScreen'))
const TemplateDetailScreen = lazy(() => import('./detail/TemplateDetailScreen'))

/** The editor or the detail a template path names (pages.ts); the app has checked the user may see its list. */
export default function TemplatePage({ page, title }: { page: TemplatePageRef; title: string }) {
  if (page.id !== 'new') return <TemplateDetailScreen kind={page.kind} id={page.id} title={title} />
  return page.kind === 'csp' ? <CspEditorScreen title={title} /> : <VideoEditorScreen title={title} />
}
