import { useEffect } from 'react'
import { openTab } from '@/stores/tabs'
import { findMenuItem, type ModuleMenus } from './menu-lookup'

const IFRAME = '/myiframe/'

/**
 * Every route change opens or activates its tab, whether it came from the sidebar, the palette or a typed URL.
 * Paths in no menu get no tab, except embedded pages, which are labelled by their host.
 */
export function useTabSync(path: string, menus: ModuleMenus) {
  useEffect(() => {
    const hit = findMenuItem(menus, path)
    if (hit) {
      openTab({ path, label: hit.item.label, labelEn: hit.item.labelEn })
    } else if (path.startsWith(IFRAME)) {
      const label = hostOf(path.slice(IFRAME.length))
      openTab({ path, label, labelEn: label })
    }
  }, [path, menus])
}

function hostOf(encoded: string): string {
  try {
    return new URL(decodeURIComponent(encoded)).host || encoded
  } catch {
    return encoded
  }
}
