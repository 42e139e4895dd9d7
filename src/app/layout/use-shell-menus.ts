import { useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { menuQuery, topMenuQuery } from '@/api/user'
import type { ModuleCode } from '@/domain/constants'
import { getTab } from '@/stores/tabs'
import { appPath, moduleOfPath, type ModuleMenus } from './menu-lookup'

export function useTopMenu() {
  return useQuery(topMenuQuery()).data ?? []
}

/** The menus of every granted module. Loaded together because the active module follows from the path. */
export function useGrantedMenus(): { menus: ModuleMenus; ready: boolean; failed: boolean } {
  const granted = useTopMenu().filter((m) => m.prodAccess).map((m) => m.code)
  const results = useQueries({ queries: granted.map((m) => menuQuery(m)) })
  const key = results.map((r) => r.dataUpdatedAt).join()
  const menus = useMemo(() => {
    const out: ModuleMenus = {}
    granted.forEach((m, i) => {
      if (results[i]?.data) out[m] = results[i].data
    })
    return out
    // Keyed on data timestamps: a new object every render would re-run the tab sync effect for ever.
  }, [key, granted.join()])
  return {
    menus,
    ready: granted.length > 0 && results.every((r) => !r.isPending),
    failed: results.some((r) => r.isError),
  }
}

export function usePathname(): string {
  return appPath(useRouterState({ select: (s) => s.location.pathname }))
}

export function useActiveModule(): ModuleCode {
  const { menus } = useGrantedMenus()
  return moduleOfPath(menus, usePathname())
}

/**
 * Navigates to a menu path. A path whose tab is open comes back with that tab's last view (filters, sort, page),
 * whether it is reached from the strip, the sidebar, the palette or the tab keys; a typed URL is taken as it is.
 */
export function useGo() {
  const navigate = useNavigate()
  return useCallback(
    // Menu paths are server data the typed route tree cannot know; the splat route resolves them at run time. A
    // notice's link may carry a search (`/csp-sms/templates?id=12`), which goes to the route as its search; else the
    // tab's own search is restored.
    (path: string) => {
      const [to, query] = path.split('?', 2)
      const search = query ? Object.fromEntries(new URLSearchParams(query)) : (getTab(to)?.search ?? {})
      void navigate({ to: to as never, search: search as never })
    },
    [navigate],
  )
}
