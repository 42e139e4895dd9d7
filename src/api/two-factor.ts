import { queryOptions } from '@tanstack/react-query'
import { tokenSchema, type TokenData } from '@/domain/auth'
import {
  twoFactorBeginSchema, twoFactorPolicyInfoSchema, twoFactorSetupDoneSchema, twoFactorStatusSchema, type TwoFactorBegin, type TwoFactorLogin,
  type TwoFactorPolicyInfo,
} from '@/domain/two-factor'
import { z } from 'zod'
import { api, apiEnvelope } from './http'
import { queryClient } from './query-client'
import { sealedPassword } from './sealed'
import { signInAnswer } from './user'

/*
 * Two-factor sign-in (src/domain/two-factor.ts): the sign-in's second step, and enrolment and its end in personal
 * settings. Writes are silent: the forms show the server's words under their fields.
 */

export const twoFactorKeys = { status: ['user', 'two-factor'] as const, policy: ['user', 'two-factor', 'policy'] as const }

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: twoFactorKeys.status, queryFn: async () => twoFactorStatusSchema.parse(await api('/user/twoFactor/status')) })

const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status })

/** The second step: the challenge of the password step and a code (or a recovery code) for the session. */
export const login2fa = async (p: TwoFactorLogin): Promise<TokenData> => tokenSchema.parse(await signInAnswer('/user/login2fa', p))

export const beginTwoFactor = async (): Promise<TwoFactorBegin> => twoFactorBeginSchema.parse(await api('/user/twoFactor/begin', {}, { silent: true }))

export async function enableTwoFactor(code: string): Promise<{ msg: string; codes: string[] }> {
  const env = await apiEnvelope<unknown>('/user/twoFactor/enable', { code }, { silent: true })
  await refresh()
  return { msg: env.msg, codes: z.object({ recovery_codes: z.array(z.string()) }).parse(env.data).recovery_codes }
}

export async function disableTwoFactor(password: string, code: string): Promise<string> {
  const env = await apiEnvelope('/user/twoFactor/disable', { ...(await sealedPassword(password)), code }, { silent: true })
  await refresh()
  return env.msg
}

/** An enrolment at sign-in (two-factor required, none yet): the key for the password step's challenge. */
export const login2faBegin = async (challenge: string): Promise<TwoFactorBegin> =>
  twoFactorBeginSchema.parse(await signInAnswer('/user/login2fa/begin', { challenge }))

/** Its first code: the session, with the recovery codes shown this once. */
export async function login2faEnrol(p: TwoFactorLogin): Promise<{ token: TokenData; codes: string[] }> {
  const done = twoFactorSetupDoneSchema.parse(await signInAnswer('/user/login2fa', p))
  return { token: { token: done.token, expiresIn: done.expiresIn }, codes: done.recovery_codes }
}

/** Whether two-factor is required of the sub-accounts (an enterprise) or of every administrator (an administrator). */
export const twoFactorPolicyQuery = () =>
  queryOptions({ queryKey: twoFactorKeys.policy, queryFn: async () => twoFactorPolicyInfoSchema.parse(await api('/user/twoFactor/policy/get')) })

export async function saveTwoFactorPolicy(required: boolean): Promise<string> {
  const env = await apiEnvelope<unknown>('/user/twoFactor/policy/set', { required }, { silent: true })
  queryClient.setQueryData<TwoFactorPolicyInfo>(twoFactorKeys.policy, twoFactorPolicyInfoSchema.parse(env.data))
  return env.msg
}
