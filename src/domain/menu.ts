import { z } from 'zod'
import { MODULES } from './constants'

/** A sidebar item as /user/getMenu delivers it (spec section 2: label, path, icon, children, parentId, meta, prodAccess). */
export interface MenuItem {
  id: string
  parentId: string | null
  label: string
  labelEn: string
  path: string
  icon: string
  roles: string[]
  prodAccess: boolean
  meta: { module: string; keepAlive?: boolean }
  children: MenuItem[]
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    label: z.string(),
    labelEn: z.string(),
    path: z.string(),
    icon: z.string(),
    roles: z.array(z.string()),
    prodAccess: z.boolean(),
    meta: z.object({ module: z.string(), keepAlive: z.boolean().optional() }),
    children: z.array(menuItemSchema),
  }),
)

/** A top-menu module as /user/getTopMenu delivers it. `prodAccess` false: not granted, cannot be opened. */
export const topMenuItemSchema = z.object({
  code: z.enum(MODULES),
  label: z.string(),
  labelEn: z.string(),
  icon: z.string(),
  path: z.string(),
  prodAccess: z.boolean(),
})
export type TopMenuItem = z.infer<typeof topMenuItemSchema>

export const getMenuSchema = z.object({ permCode: z.enum(MODULES) })

/** Walks a menu tree depth first, leaves and groups alike. */
export function* walkMenu(items: readonly MenuItem[]): Generator<MenuItem> {
  for (const item of items) {
    yield item
    yield* walkMenu(item.children)
  }
}

/** Keeps only items whose role list includes one of the user's roles (spec section 6). */
export function filterMenuByRoles(items: readonly MenuItem[], roles: readonly string[]): MenuItem[] {
  return items
    .filter((i) => i.roles.some((r) => roles.includes(r)))
    .map((i) => ({ ...i, children: filterMenuByRoles(i.children, roles) }))
}
