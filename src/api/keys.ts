import type { ModuleCode } from '@/domain/constants'

/**
 * Query keys, one factory per area. Everything a signed-in user owns starts with `user` so log-out can drop it with
 * one prefix; the site settings are public and survive log-out.
 */
export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
  topMenu: () => [...userKeys.all, 'top-menu'] as const,
  menus: () => [...userKeys.all, 'menu'] as const,
  menu: (module: ModuleCode) => [...userKeys.menus(), module] as const,
  /** The account selector's choices per product type (/user/getList). */
  accounts: (prodType: number) => [...userKeys.all, 'accounts', prodType] as const,
  /** The account's identity certification (/user/certificationInfo). */
  certification: () => [...userKeys.all, 'certification'] as const,
}

export const settingsKeys = {
  all: ['settings'] as const,
  site: () => [...settingsKeys.all, 'site'] as const,
}
