import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  captchaSchema, publicKeySchema, tokenSchema, userInfoSchema,
  type LoginPayload, type RegisterPayload, type SendAuthCodePayload, type SendLoginCodePayload,
  type SmsLoginPayload, type TokenData,
} from '@/domain/auth'
import { twoFactorChallengeSchema, twoFactorSetupChallengeSchema, type TwoFactorChallenge, type TwoFactorSetupChallenge } from '@/domain/two-factor'
import { accountOptionSchema, clipErrorEntry, ERROR_LOG_LIMITS, type AccountOption } from '@/domain/account'
import type { ModuleCode } from '@/domain/constants'
import { menuItemSchema, topMenuItemSchema } from '@/domain/menu'
import { ApiError } from './errors'
import { api, apiEnvelope } from './http'
import { userKeys } from './keys'

// Sign-in calls need no token and are silent: the login page shows the server's message inline (spec section 8).
const signIn = { auth: false, silent: true } as const

/**
 * Login answers `type` 0 on success; any other type is a refusal even when the envelope says 200. A success is the
 * session, or for an account with two-factor (or required to enrol in it) the challenge of its second step
 * (api/two-factor.ts).
 */
async function tokenCall(path: string, body: unknown): Promise<TokenData | TwoFactorChallenge | TwoFactorSetupChallenge> {
  return z.union([tokenSchema, twoFactorChallengeSchema, twoFactorSetupChallengeSchema]).parse(await signInAnswer(path, body))
}

/** A sign-in call's `data`; a `type` other than 0 is a refusal even when the envelope says 200. */
export async function signInAnswer(path: string, body: unknown): Promise<unknown> {
  const env = await apiEnvelope(path, body, signIn)
  if (env.type !== undefined && env.type !== 0) throw new ApiError(400, env.msg, env.data)
  return env.data
}

export const login = (p: LoginPayload) => tokenCall('/user/login', p)
export const loginBySms = (p: SmsLoginPayload) => tokenCall('/user/loginBySmsCode', p)
export const sendLoginCode = (p: SendLoginCodePayload) => api<null>('/user/sendLoginAuthCode', p, signIn)
export const sendAuthCode = (p: SendAuthCodePayload) => api<null>('/user/sendAuthCode', p, signIn)
export const register = (p: RegisterPayload) => api<unknown>('/user/epRegist', p, signIn)

export async function getPublicKey(): Promise<string> {
  return publicKeySchema.parse(await api('/user/publicKey', {}, signIn)).publicKey
}

/** A fresh captcha: the server names it (the name is the password's one-time nonce) and sends its image. */
export const newCaptcha = async () => captchaSchema.parse(await api('/code/captcha', {}, signIn))

// Silent: a failed refresh is not the user's doing; the next call's 401 tells them when the session is really gone.
export const refreshToken = async () => tokenSchema.parse(await api('/user/refesh', {}, { silent: true }))
export const logout = () => api<null>('/user/logout', {}, { silent: true })
/** The newest ERROR_LOG_LIMITS.entries, each clipped to the server's bounds, so a long stack does not refuse the upload. */
export const uploadErrorLog = (logs: readonly Parameters<typeof clipErrorEntry>[0][]) =>
  api<null>('/errorLog/upload', { logs: logs.slice(0, ERROR_LOG_LIMITS.entries).map(clipErrorEntry) })

/** `silent` for callers that show their own message for a failure (the send page's balance). */
export async function getUserInfo(opts: { silent?: boolean } = {}) {
  return userInfoSchema.parse(await api('/user/getUserInfo', undefined, opts))
}

export const userInfoQuery = () => queryOptions({ queryKey: userKeys.info(), queryFn: () => getUserInfo(), staleTime: 60_000 })

export const topMenuQuery = () =>
  queryOptions({
    queryKey: userKeys.topMenu(),
    queryFn: async () => z.array(topMenuItemSchema).parse(await api('/user/getTopMenu')),
    staleTime: Infinity,
  })

export const menuQuery = (module: ModuleCode) =>
  queryOptions({
    queryKey: userKeys.menu(module),
    queryFn: async () => z.array(menuItemSchema).parse(await api('/user/getMenu', { permCode: module })),
    staleTime: Infinity,
  })

/** The account selector's choices for a product type (spec section 6: ordinary 0, international 1, video 2, csp 6, else -1). */
export const accountsQuery = (prodType: number) =>
  queryOptions({
    queryKey: userKeys.accounts(prodType),
    queryFn: async () => accountOptionSchema.array().parse(await api<AccountOption[]>('/user/getList', { prodType })),
    staleTime: 5 * 60_000,
  })
