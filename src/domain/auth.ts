import { z } from 'zod'

/** Payloads of spec section 7 (Login and session). One schema each, shared by form, client and server. */
export const loginSchema = z.object({
  username: z.string().trim().min(1),
  /** RSA (PKCS#1 v1.5, base64) under the server's public key, made with jsencrypt. */
  password: z.string().min(1),
  code: z.string().trim().length(4),
  redomStr: z.string().min(8).max(64),
})
export type LoginPayload = z.infer<typeof loginSchema>

export const smsLoginSchema = z.object({
  username: z.string().trim().min(1),
  uuid: z.string().min(8).max(64),
  code: z.string().regex(/^\d{6}$/),
  redomStr: z.string().min(8).max(64),
})
export type SmsLoginPayload = z.infer<typeof smsLoginSchema>

export const sendLoginCodeSchema = z.object({
  userId: z.string().trim().min(1),
  phone: z.string().trim().optional().default(''),
  uuid: z.string().min(8).max(64),
})
export type SendLoginCodePayload = z.infer<typeof sendLoginCodeSchema>

export const sendAuthCodeSchema = z.object({
  epId: z.string().trim().min(1),
  phone: z.string().trim().regex(/^1[3-9]\d{9}$/),
  uuid: z.string().min(8).max(64),
})
export type SendAuthCodePayload = z.infer<typeof sendAuthCodeSchema>

export const registerSchema = z.object({
  epId: z.string().trim().regex(/^[A-Za-z0-9_]{3,32}$/),
  epName: z.string().trim().min(1).max(100),
  /** Encrypted like the login password. */
  password: z.string().min(1),
  phone: z.string().trim().regex(/^1[3-9]\d{9}$/),
  code: z.string().regex(/^\d{6}$/),
  uuid: z.string().min(8).max(64),
})
export type RegisterPayload = z.infer<typeof registerSchema>

/** authUser of spec section 3 (User info). */
export const authUserSchema = z.object({
  cusId: z.string(),
  userName: z.string(),
  userType: z.number(),
  showClientStatus: z.number(),
  clientForbidUnknown: z.number(),
  showContentFilterWhere: z.number(),
  moreType: z.number(),
  balance: z.number(),
  mobile: z.string(),
  /** Parent customer for a sub-account, else null. */
  parentId: z.string().nullable(),
  prodTypes: z.array(z.number()),
})
export type AuthUser = z.infer<typeof authUserSchema>

export const userInfoSchema = z.object({
  userInfo: z.object({ authUser: authUserSchema, name: z.string(), avatar: z.string() }),
  roles: z.array(z.string()),
  permission: z.array(z.string()),
})
export type UserInfo = z.infer<typeof userInfoSchema>

/** Login and refresh answer with a token and its lifetime in seconds. */
export const tokenSchema = z.object({ token: z.string(), expiresIn: z.number() })
export type TokenData = z.infer<typeof tokenSchema>

export const captchaSchema = z.object({ redomStr: z.string(), image: z.string() })

export const publicKeySchema = z.object({ publicKey: z.string() })

/** Site settings of /setting/getClientWebSiteBeian (spec sections 2 and 3). */
export const siteSettingsSchema = z.object({
  client_website_beian: z.string(),
  login_page: z.string(),
  client_name: z.string(),
  show_language: z.number(),
  logo: z.string(),
  logoType: z.string(),
})
export type SiteSettings = z.infer<typeof siteSettingsSchema>

/** Turns the permission list into the flag map the UI reads (spec section 3). */
export function permissionFlags(list: readonly string[]): Record<string, true> {
  return Object.fromEntries(list.map((p) => [p, true as const]))
}

/** Permission that shows price in the international sent record (spec section 6). */
export const PERM_INTL_PRICE = 'intl:record:price'
