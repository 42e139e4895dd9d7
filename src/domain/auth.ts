import { z } from 'zod'
import { mobileText, safeText } from './input'

// Payloads of spec section 7 (Login and session). One schema each, shared by form, client and server.

/** Base64 of one RSA-2048 block is 344 characters; anything longer is not ours and is refused before decrypting. */
const sealedPassword = safeText().min(1).max(400)
/** The captcha's name: issued by the server (/code/captcha), spent by the one call that carries its code. */
const redomStr = safeText().min(8).max(64)
const captchaCode = safeText().trim().length(4)

export const PASSWORD_NONCE_SEPARATOR = ':'

/** A password typed after sign-in travels sealed like the sign-in one, with a nonce of POST /user/passwordNonce. */
export const sealedPasswordFields = { password: sealedPassword, redomStr }
/** The answer of POST /user/passwordNonce. */
export const passwordNonceSchema = z.object({ redomStr: z.string() })

/**
 * What the sign-in forms encrypt: the password bound to the captcha's one-time `redomStr`, so a captured cipher
 * text is refused when sent again (its captcha is spent, and a fresh one has another name).
 */
export const sealPassword = (nonce: string, password: string) => `${nonce}${PASSWORD_NONCE_SEPARATOR}${password}`

export const loginSchema = z.object({
  username: safeText().trim().min(1).max(64),
  /** RSA (PKCS#1 v1.5, base64) of sealPassword(redomStr, password) under the server's public key, made with jsencrypt. */
  password: sealedPassword,
  code: captchaCode,
  redomStr,
})
export type LoginPayload = z.infer<typeof loginSchema>

export const smsLoginSchema = z.object({
  username: safeText().trim().min(1).max(64),
  uuid: safeText().min(8).max(64),
  code: safeText().regex(/^\d{6}$/),
  redomStr,
})
export type SmsLoginPayload = z.infer<typeof smsLoginSchema>

export const sendLoginCodeSchema = z.object({
  userId: safeText().trim().min(1).max(64),
  phone: safeText().trim().max(20).optional().default(''),
  uuid: safeText().min(8).max(64),
  /** Image captcha, so nobody texts phones by the thousand (not in spec section 7, which predates it). */
  captcha: captchaCode,
  redomStr,
})
export type SendLoginCodePayload = z.infer<typeof sendLoginCodeSchema>

export const sendAuthCodeSchema = z.object({
  epId: safeText().trim().min(1),
  phone: mobileText(),
  uuid: safeText().min(8).max(64),
  captcha: captchaCode,
  redomStr,
})
export type SendAuthCodePayload = z.infer<typeof sendAuthCodeSchema>

export const registerSchema = z.object({
  epId: safeText().trim().regex(/^[A-Za-z0-9_]{3,32}$/),
  epName: safeText().trim().min(1).max(100),
  /** Sealed and encrypted like the login password, with this call's `redomStr`. */
  password: sealedPassword,
  phone: mobileText(),
  code: safeText().regex(/^\d{6}$/),
  uuid: safeText().min(8).max(64),
  captcha: captchaCode,
  redomStr,
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

/** A fresh captcha: its server-chosen name and the image as a data: URL. */
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

/**
 * Why a session ended, as a 401 answer's `data.reason` says and the sign-in page words it: the token's time ran out
 * (or it is unknown), it was revoked (signed out elsewhere, a password change, an administrator), or the account
 * was closed.
 */
export const SESSION_END_REASONS = ['expired', 'revoked', 'closed'] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]
export const sessionEndReason = (data: unknown): SessionEndReason => {
  const r = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined
  return SESSION_END_REASONS.find((x) => x === r) ?? 'expired'
}
