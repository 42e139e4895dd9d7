import { z } from 'zod'
import { checkCaptcha, checkEpId, checkLoginPassword, checkMobile, checkRequired, checkSmsCode, type ErrorKey } from './validation'

/** A typed string held to one rule of validation.ts; a refusal's message is the rule's ErrorKey. */
const ruled = (rule: (value: string) => ErrorKey | null) =>
  z.string().superRefine((v, ctx) => {
    const key = rule(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/**
 * The sign-in and registration fields as the user types them, before the password is sealed and the captcha's name
 * added (the payloads of auth.ts, which the server parses): the forms refuse with the same words the rules give.
 */
export const signInFields = {
  username: ruled(checkRequired),
  /** The server applies the sign-in password rule to new accounts too. */
  password: ruled(checkLoginPassword),
  captcha: ruled(checkCaptcha),
  smsCode: ruled(checkSmsCode),
  epId: ruled(checkEpId),
  epName: ruled(checkRequired),
  phone: ruled(checkMobile),
}

/** The password that locks the console and unlocks it again (spec section 2): anything but blank. */
export const lockPasswordField = ruled((v) => (v.trim() ? null : 'lockPasswordEmpty'))
