import {
  Navigate, Outlet, createRootRoute, createRoute, createRouter, lazyRouteComponent, parseSearchWith, redirect,
  stringifySearchWith, type RouteComponent,
} from '@tanstack/react-router'
import { z } from 'zod'
import { PageSpinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'
import { redirectIfSignedIn, requireLocked, requireSession } from './guards'
import { withChunkTimeout } from './lazy'
import { ErrorPage } from './pages/ErrorPage'

// Route components load lazily, so the sign-in page never pulls the shell, the grid or the charts.
const screens = withChunkTimeout(() => import('./screens'))
const statusPages = withChunkTimeout(() => import('./pages/StatusPage'))
const screen = (name: 'HomeScreen' | 'InfoScreen' | 'SettingScreen' | 'IframeScreen' | 'MenuScreen' | 'TemplateRoute' | 'BatchRoute') =>
  lazyRouteComponent(screens, name)

function Pending() {
  const { LL } = useI18nContext()
  return <PageSpinner label={LL.common.loading()} />
}

const rootRoute = createRootRoute({
  component: Outlet,
  // Unknown paths outside the signed-in area land on /404 (spec section 2).
  notFoundComponent: () => <Navigate to="/404" replace />,
})

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: redirectIfSignedIn,
  component: lazyRouteComponent(withChunkTimeout(() => import('./pages/LoginRoute')), 'LoginRoute'),
})

const lockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lock',
  beforeLoad: requireLocked,
  component: lazyRouteComponent(withChunkTimeout(() => import('./pages/LockRoute')), 'LockRoute'),
})

const statusRoute = (path: '/404' | '/403' | '/500', name: 'NotFoundPage' | 'ForbiddenPage' | 'ServerErrorPage') =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(statusPages, name) })

/** An interactive message's public page (src/domain/interact.ts): no sign-in, no shell. */
const interactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/i/$code',
  component: lazyRouteComponent(withChunkTimeout(() => import('./pages/InteractRoute')), 'InteractRoute'),
})

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/wel/index', replace: true })
  },
})

/** Every signed-in screen sits under the shell, behind the navigation rules. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: requireSession,
  component: lazyRouteComponent(withChunkTimeout(() => import('./layout/AppLayout')), 'AppLayout'),
})

const child = <P extends string>(path: P, component: RouteComponent) =>
  createRoute({ getParentRoute: () => shellRoute, path, component })

/**
 * Menu paths from the server: the screen registry decides, unknown ones go to /404. The loader only starts what the
 * screen will ask for (a list's grid chunk and first page) alongside the shell's chunks; it waits for nothing.
 */
const menuRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '$',
  component: screen('MenuScreen'),
  loader: ({ params, location }) => {
    screens()
      .then((m) => m.preloadScreen(`/${params._splat ?? ''}`, location.search as Record<string, unknown>))
      .catch(() => undefined)
  },
})

const shellChildren = [
  child('/wel/index', screen('HomeScreen')),
  child('/info/index', screen('InfoScreen')),
  child('/info/setting', screen('SettingScreen')),
  child('/form-detail/index', lazyRouteComponent(withChunkTimeout(() => import('./pages/DetailPage')), 'DetailPage')),
  child('/myiframe/$', screen('IframeScreen')),
  child('/$area/templates/$id', screen('TemplateRoute')),
  child('/$area/batch/$batchId', screen('BatchRoute')),
  menuRoute,
]

const routeTree = rootRoute.addChildren([
  loginRoute,
  lockRoute,
  statusRoute('/404', 'NotFoundPage'),
  statusRoute('/403', 'ForbiddenPage'),
  statusRoute('/500', 'ServerErrorPage'),
  interactRoute,
  indexRoute,
  shellRoute.addChildren(shellChildren),
])

export const router = createRouter({
  routeTree,
  basepath: '/sms-cloud',
  defaultErrorComponent: ErrorPage,
  defaultPendingComponent: Pending,
  defaultPendingMs: 300,
  defaultPreload: false,
  scrollRestoration: true,
  // Search values stay plain text in the URL (`mobile=138…`, not `mobile=%22138…%22`), so a bookmarked or shared
  // list view reads as what it is; each screen's schema coerces its own numbers.
  parseSearch: parseSearchWith((v) => v),
  stringifySearch: stringifySearchWith((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
