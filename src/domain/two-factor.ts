import { z } from 'zod'
import { safeText } from './input'
import { sealedPasswordFields } from './auth'

/*
 * Two-factor sign-in (TOTP, RFC 6238): a key the account's authenticator app holds, six digits a 30-second step,
 * and ten one-time recovery codes for a lost phone. One schema each for form, client and server.
 */

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Codes of the step before and after the server's are accepted too: phones' clocks drift. */
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** The second step of a sign-in must follow its password within these minutes, in at most this many tries. */
export const CHALLENGE_MINUTES = 5
export const CHALLENGE_TRIES = 5
/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = 'SMS Cloud'

/** Six digits (spaces a user copies are dropped). */
const totpCode = safeText().transform((s) => s.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{6}$/, 'twoFactorCode'))
/** xxxxx-xxxxx of the recovery alphabet, case and the dash optional as typed. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/
/** A recovery code as stored and compared: lower case, with its dash. */
export const normalRecoveryCode = (s: string) => {
  const t = s.trim().toLowerCase().replace(/\s+/g, '').replace('-', '')
  return `${t.slice(0, 5)}-${t.slice(5)}`
}
/** A sign-in's second step takes either a code of the app or one recovery code. */
const codeOrRecovery = safeText().trim().max(32).refine((s) => /^\d{6}$/.test(s.replace(/\s+/g, '')) || RECOVERY_CODE.test(s.toLowerCase().replace(/\s+/g, '')), 'twoFactorCode')

/** /user/twoFactor/enable: the first code of the app, which proves it holds the key just shown. */
export const twoFactorEnableSchema = z.object({ code: totpCode })
/** /user/twoFactor/disable: the password (sealed, as every re-entered password) and a code or recovery code. */
export const twoFactorDisableSchema = z.object({ ...sealedPasswordFields, code: codeOrRecovery })
/** /user/login2fa: the challenge the password step answered with, and a code or recovery code. */
export const twoFactorLoginSchema = z.object({ challenge: safeText().min(16).max(64), code: codeOrRecovery })
export type TwoFactorLogin = z.infer<typeof twoFactorLoginSchema>

/** /user/twoFactor/status. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recovery_left: z.number() })
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>
/** /user/twoFactor/begin: the key as text (for typing into the app), its otpauth:// address and that address as a QR image (SVG). */
export const twoFactorBeginSchema = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() })
export type TwoFactorBegin = z.infer<typeof twoFactorBeginSchema>
/** A password step of an account with two-factor: no token yet, the challenge for /user/login2fa. */
export const twoFactorChallengeSchema = z.object({ two_factor: z.literal(true), challenge: z.string() })
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

/**
 * A password step of an account whose enterprise (for a sub-account) or the platform (for an administrator) requires
 * two-factor, and which has none yet: no token, the challenge with which it enrols before its first session.
 */
export const twoFactorSetupChallengeSchema = z.object({ two_factor_setup: z.literal(true), challenge: z.string() })
export type TwoFactorSetupChallenge = z.infer<typeof twoFactorSetupChallengeSchema>
/** What a password step hands the sign-in's next step: the challenge, and whether it enrols (setup) or asks a code. */
export interface SecondStep { challenge: string; setup: boolean }
/** /user/login2fa/begin: the key of an enrolment at sign-in, for the challenge the password step answered with. */
export const twoFactorSetupBeginSchema = z.object({ challenge: safeText().min(16).max(64) })
/** The session of a sign-in that enrolled: its token with the recovery codes, shown this once. */
export const twoFactorSetupDoneSchema = z.object({ token: z.string(), expiresIn: z.number(), recovery_codes: z.array(z.string()) })

/**
 * Who must sign in with two-factor: an enterprise may require it of its sub-accounts, an administrator of every
 * administrator (`scope`). Accounts it applies to without two-factor enrol at their next sign-in; their open sessions
 * end when it is turned on. An administrator turns it on for administrators only once their own is on.
 */
export const TWO_FACTOR_POLICY_SCOPES = ['sub_accounts', 'administrators'] as const
export const twoFactorPolicySchema = z.object({ required: z.boolean() })
export type TwoFactorPolicyInput = z.infer<typeof twoFactorPolicySchema>
export const twoFactorPolicyInfoSchema = z.object({
  required: z.boolean(), scope: z.enum(TWO_FACTOR_POLICY_SCOPES), editable: z.boolean(),
})
export type TwoFactorPolicyInfo = z.infer<typeof twoFactorPolicyInfoSchema>

/** The key written in groups of four for typing by hand. */
export const groupedSecret = (s: string) => s.replace(/(.{4})/g, '$1 ').trim()
