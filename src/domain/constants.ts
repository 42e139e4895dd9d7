// Business constants of spec section 9. The single source for client, workers and server.
export const TOKEN_COOKIE = 'Authorization'
export const TOKEN_TTL_SECONDS = 3600
export const REQUEST_TIMEOUT_MS = 60_000
/** Downloads, online checks, sends and push-address changes. */
export const LONG_TIMEOUT_MS = 600_000
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const REFRESH_CHECK_INTERVAL_MS = 10_000
export const CODE_RESEND_SECONDS = 60
export const SMS_CODE_TTL_SECONDS = 300
/** "Download all" files one account may stream at once; the server refuses more (429), the console queues them. */
export const MAX_RUNNING_DOWNLOADS = 3
export const UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024
export const SCHEDULE_MIN_AHEAD_MINUTES = 10
export const SCHEDULE_QUICK_CHOICES_MINUTES = [10, 30, 60, 1440] as const
export const MOBILE_LENGTH = 11
export const CAPTCHA_LENGTH = 4
export const SMS_CODE_LENGTH = 6
export const LOGIN_PASSWORD_MIN = 6
export const CHANGE_PASSWORD_MIN = 8
export const ERROR_BADGE_MAX = 99
export const DEFAULT_BALANCE = 999.88
export const STATUS_WHITE_LIST = [400] as const
export const PAGE_SIZES = [20, 50, 100, 500] as const
/** Sign-in guesses (password or SMS code) one address may make at one account per window; then refused until it ends. */
export const LOGIN_FAILURE_LIMIT = 5
export const LOGIN_LOCKOUT_MINUTES = 15
/** Password guesses at one account per window from all the addresses it has never signed in from, together. */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 20
/** Wrong tries an SMS code survives in all, from any address; then it is dead and a new one must be asked for. */
export const SMS_CODE_MAX_TRIES = 5

export const PROD_TYPE = { ordinary: 0, international: 1, video: 2, csp: 6, numberCheck: 7 } as const
export type ProdType = (typeof PROD_TYPE)[keyof typeof PROD_TYPE]

export const TIME_DIMENSION = { day: 0, month: 1, year: 2 } as const

/** Top-menu modules in display order (spec section 1). */
export const MODULES = ['userCenter', 'homeSms', 'internationalSms', 'videoSms', 'cspSms'] as const
export type ModuleCode = (typeof MODULES)[number]

/** The product type a module grants; userCenter is always open. */
export const MODULE_PROD_TYPE: Record<ModuleCode, ProdType | null> = {
  userCenter: null,
  homeSms: PROD_TYPE.ordinary,
  internationalSms: PROD_TYPE.international,
  videoSms: PROD_TYPE.video,
  cspSms: PROD_TYPE.csp,
}

/** Account selector product type per module (spec section 6): ordinary 0, international 1, video 2, csp 6, else -1. */
export function accountProdType(module: string): number {
  const t = MODULE_PROD_TYPE[module as ModuleCode]
  return t ?? -1
}

export const THEMES = ['default', 'white', 'dark', 'hey', 'star', 'vip', 'bule', 'iview', 'cool', 'd2', 'renren'] as const
export type Theme = (typeof THEMES)[number]
/** Spec section 2: the white theme is forced on start. */
export const START_THEME: Theme = 'white'
export const DARK_THEMES: readonly Theme[] = ['dark', 'hey', 'star', 'd2']

export const LOCALES = ['zh-CN', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'zh-CN'

/** Screen-size classes of spec section 2: 0 below 768 px, 1 from 768, 2 from 992, 3 from 1200. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3
  if (width >= 992) return 2
  if (width >= 768) return 1
  return 0
}

/** User roles the server puts in `roles` and in each menu item's role list. */
export const ROLES = { admin: 'admin', customer: 'customer', subAccount: 'sub' } as const
export type Role = (typeof ROLES)[keyof typeof ROLES]
