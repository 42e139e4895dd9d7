import { Navigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { BatchPage } from '@/features/batch'
import { i18nObject } from '@/i18n/i18n-util'
import { loadLocale } from '@/i18n/i18n-util.sync'
import { openTab } from '@/stores/tabs'
import { findMenuItem } from '../layout/menu-lookup'
import { useGrantedMenus } from '../layout/use-shell-menus'

const AREAS = new Set(['home-sms', 'intl-sms', 'video-sms', 'csp-sms'])

/**
 * /<area>/batch/<id>: a sent batch's page, behind the rule of its area's sent records (a user whose menus do not
 * hold them gets /403), in its own tab labelled in both languages.
 */
export function BatchRoute() {
  const { area = '', batchId = '' } = useParams({ strict: false }) as { area?: string; batchId?: string }
  const { menus, ready } = useGrantedMenus()
  const path = `/${area}/batch/${batchId}`
  const allowed = AREAS.has(area) && !!findMenuItem(menus, `/${area}/mt-records`)
  useEffect(() => {
    if (!allowed) return
    loadLocale('en')
    loadLocale('zh-CN')
    openTab({ path, label: i18nObject('zh-CN').batch.title({ batchId }), labelEn: i18nObject('en').batch.title({ batchId }) })
  }, [path, allowed, batchId])
  if (!AREAS.has(area) || !batchId) return <Navigate to="/404" replace />
  if (ready && !allowed) return <Navigate to="/403" replace />
  return <BatchPage key={path} batchId={batchId} />
}
