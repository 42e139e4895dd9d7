import { useEffect } from 'react'
import { openTab } from '@/stores/tabs'
import { embeddedUrl } from '../screens/iframe-url'
import { findMenuItem, type ModuleMenus } from './menu-lookup'

/**
 * Every route change opens or activates its tab, whether it came from the sidebar, the palette or a typed URL.
 * Paths in no menu get no tab, except valid embedded pages, which are labelled by their host.
 */
export function useTabSync(path: string, menus: ModuleMenus) {
  useEffect(() => {
    const hit = findMenuItem(menus, path)
    if (hit) {
      openTab({ path, label: hit.item.label, labelEn: hit.item.labelEn })
      return
    }
    const url = embeddedUrl(path)
    if (url) {
      const host = new URL(url).host
      openTab({ path, label: host, labelEn: host })
    }
  }, [path, menus])
}
