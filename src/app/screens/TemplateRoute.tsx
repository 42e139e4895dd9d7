import { Navigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import TemplatePage from '@/features/templates/TemplatePage'
import { TEMPLATE_LIST_PATH, templatePage, templatePageTitle } from '@/features/templates/pages'
import { useI18nContext } from '@/i18n/i18n-react'
import { i18nObject } from '@/i18n/i18n-util'
import { loadLocale } from '@/i18n/i18n-util.sync'
import { openTab } from '@/stores/tabs'
import { findMenuItem } from '../layout/menu-lookup'
import { useGrantedMenus } from '../layout/use-shell-menus'

/**
 * /<area>/templates/<new|id>: a template editor or detail, behind the same rule as its list (a user whose menus do
 * not hold the list gets /403), in its own tab labelled in both languages.
 */
export function TemplateRoute() {
  const { LL } = useI18nContext()
  const { area = '', id = '' } = useParams({ strict: false }) as { area?: string; id?: string }
  const { menus, ready } = useGrantedMenus()
  const page = templatePage(area, id)
  const path = `/${area}/templates/${id}`
  const allowed = page ? !!findMenuItem(menus, TEMPLATE_LIST_PATH[page.kind]) : false
  useEffect(() => {
    if (!page || !allowed) return
    loadLocale('en')
    loadLocale('zh-CN')
    openTab({ path, label: templatePageTitle(i18nObject('zh-CN'), page), labelEn: templatePageTitle(i18nObject('en'), page) })
    // The page is named by its path; a new object each render must not reopen the tab.
  }, [path, allowed])
  if (!page) return <Navigate to="/404" replace />
  if (ready && !allowed) return <Navigate to="/403" replace />
  return <TemplatePage key={path} page={page} title={templatePageTitle(LL, page)} />
}
