import { z } from 'zod'
import { sealedPasswordFields } from './auth'
import { idNumberProblem } from './identity'
import { safeText } from './input'
import { checkConfirm, checkMobile, checkNewPassword, checkSmsCode, type ErrorKey } from './validation'

/*
 * Personal settings of spec section 5 (/info/setting). Each issue's message is an ErrorKey of validation.ts, so the
 * form words it with LL.errors and the server can name it per field in a refusal (`data.fields`).
 */

type Ctx = z.RefinementCtx
const issue = (ctx: Ctx, key: ErrorKey | null, path?: string) => {
  if (key) ctx.addIssue({ code: 'custom', message: key, ...(path ? { path: [path] } : {}) })
}
/** A text field checked by one of the validation rules. */
const checked = (rule: (v: string) => ErrorKey | null) => safeText().trim().superRefine((v, ctx) => issue(ctx, rule(v)))

/** Longer passwords would not fit the RSA block with their nonce; nobody types more. */
export const PASSWORD_MAX = 64
const tooLong = (max: number) => (v: string): ErrorKey | null => (v.length > max ? 'tooLong' : null)

/** Section 5: old not empty; new not empty, not the old, 8+ with upper, lower, digit and special; confirmation equal. */
export const passwordChangeSchema = z
  .object({ oldPassword: safeText(), newPassword: safeText(), confirmPassword: safeText() })
  .superRefine((v, ctx) => {
    issue(ctx, v.oldPassword ? tooLong(PASSWORD_MAX)(v.oldPassword) : 'required', 'oldPassword')
    issue(ctx, checkNewPassword(v.newPassword, v.oldPassword || undefined) ?? tooLong(PASSWORD_MAX)(v.newPassword), 'newPassword')
    issue(ctx, checkConfirm(v.confirmPassword, v.newPassword), 'confirmPassword')
  })
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** What /user/modifyPassword receives: both passwords sealed, each with its own nonce; the server checks the rules above once it has opened them. */
export const modifyPasswordSchema = z.object({
  oldPassword: sealedPasswordFields.password,
  oldRedomStr: sealedPasswordFields.redomStr,
  newPassword: sealedPasswordFields.password,
  newRedomStr: sealedPasswordFields.redomStr,
})
export type ModifyPasswordPayload = z.infer<typeof modifyPasswordSchema>

/** Chinese mobile: 11 digits, not a landline (validation.ts checkMobile). */
export const mobileField = () => checked(checkMobile)
const uuid = safeText().min(8).max(64)

/** POST /user/sendBindCode: a code to the mobile about to be bound (not the current one). */
export const sendBindCodeSchema = z.object({ mobile: mobileField(), uuid })
export type SendBindCodePayload = z.infer<typeof sendBindCodeSchema>

/** POST /user/modifyMobile: the new mobile and the code that went to it. */
export const modifyMobileSchema = z.object({ mobile: mobileField(), code: checked(checkSmsCode), uuid })
export type ModifyMobilePayload = z.infer<typeof modifyMobileSchema>

export const CUS_NAME_MAX = 100
const required = (max: number) => checked((v) => (v ? tooLong(max)(v) : 'required'))

/** POST /user/modifyCusName: the account's display name (the info page's "name", the spec's userName). */
export const modifyCusNameSchema = z.object({ cusName: required(CUS_NAME_MAX) })
export type ModifyCusNamePayload = z.infer<typeof modifyCusNameSchema>

/** Names on identity cards: Chinese (with the middle dot of minority names) or Latin letters and spaces. */
const PERSON_NAME = /^(?:[\u4e00-\u9fa5·•]{2,30}|[A-Za-z][A-Za-z .'-]{1,59})$/

/** POST /user/certification: name, the 18-character identity number (GB 11643 checksum, a real birth date), phone. */
export const certificationSchema = z.object({
  realName: checked((v) => (!v ? 'required' : PERSON_NAME.test(v) ? null : 'personName')),
  idNumber: checked((v) => (!v ? 'required' : idNumberProblem(v))).transform((v) => v.toUpperCase()),
  phone: mobileField(),
})
export type CertificationPayload = z.infer<typeof certificationSchema>

/** POST /user/certificationInfo: what the account certified, the number masked; null when nothing yet. */
export const certificationInfoSchema = z
  .object({ realName: z.string(), idNumber: z.string(), phone: z.string(), certifiedAt: z.string() })
  .nullable()
export type CertificationInfo = z.infer<typeof certificationInfoSchema>
