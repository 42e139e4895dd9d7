import { claimEarlyKeys, releaseEarlyKeys } from '@/commands'
import { queryClient } from '@/api/query-client'
import { logout, userInfoQuery } from '@/api/user'
import type { FormHandle } from '@/components/ui/DeclaredForm'
import { FormRefusal } from '@/components/ui/form-refusal'
import type { TokenData } from '@/domain/auth'
import type { SecondStep, TwoFactorChallenge, TwoFactorSetupChallenge } from '@/domain/two-factor'
import { CODE_RESEND_SECONDS } from '@/domain/constants'
import { logoutLocal, setToken, setUserInfo } from '@/stores/session'

/**
 * Ctrl/⌘+K pressed from the moment the user signs in is kept for the shell, which may take seconds to load (the login
 * page itself ignores it); a refused sign-in stops keeping it.
 */
export function keepPaletteKeys(keep: boolean): void {
  if (keep) releaseEarlyKeys('palette')
  else claimEarlyKeys('palette')
}

/**
 * A right password or SMS code: the session completed (true), or for an account with two-factor (or required to
 * enrol in it) its challenge handed to the second step (false; the keys are no longer kept until that step signs in).
 */
export async function afterFirstFactor(answer: TokenData | TwoFactorChallenge | TwoFactorSetupChallenge, onChallenge: (step: SecondStep) => void): Promise<boolean> {
  if ('challenge' in answer) {
    keepPaletteKeys(false)
    onChallenge({ challenge: answer.challenge, setup: 'two_factor_setup' in answer })
    return false
  }
  await completeSignIn(answer)
  return true
}

/** After a successful login: keep the token (clearing tabs and lock), then load who the user is. */
export async function completeSignIn(t: TokenData): Promise<void> {
  setToken(t.token, t.expiresIn)
  queryClient.removeQueries({ queryKey: userInfoQuery().queryKey })
  setUserInfo(await queryClient.fetchQuery(userInfoQuery()))
}

/** Log-out: tell the server (revoking the token) but clear locally whatever it answers. */
export async function signOut(): Promise<void> {
  try {
    await logout()
  } catch {
    // The token may already be revoked or the network down; the local log-out below is what matters.
  } finally {
    logoutLocal()
  }
}

/** The message a failed sign-in call shows inline: the server's words, else a generic one. */
export function failureText(e: unknown, fallback: string): string {
  const msg = (e as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg ? msg : fallback
}

/** A failed sign-in call as the form's refusal: the server's words under the form, nothing typed cleared. */
export const refusedSignIn = (e: unknown, fallback: string) => new FormRefusal(failureText(e, fallback))

/** The wait a refused code send names (`data.seconds`), when it is short enough to count down on the button. */
function shortWait(e: unknown): number | false {
  const seconds = (e as { data?: { seconds?: unknown } | null } | null)?.data?.seconds
  return typeof seconds === 'number' && seconds > 0 && seconds <= 2 * CODE_RESEND_SECONDS ? seconds : false
}

/**
 * Sends an SMS code (sign-in or registration) and words the outcome under the form: "code sent", or the server's
 * refusal, which names its wait. Resolves true when the send button should start its 60-second countdown, or the
 * seconds of a short wait the refusal named (the button counts those down instead).
 */
export async function sendCodeWith(call: () => Promise<unknown>, words: { sent: string; failed: string }, note: FormHandle['note']): Promise<boolean | number> {
  try {
    await call()
    note(words.sent, true)
    return true
  } catch (err) {
    note(failureText(err, words.failed))
    return shortWait(err)
  }
}
