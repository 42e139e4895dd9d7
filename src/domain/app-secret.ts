import { z } from 'zod'
import { sealedPasswordFields } from './auth'

/*
 * The app secret (spec section 5): what the customer's systems sign their calls with and check our report
 * pushes with. The console shows it masked; the full value needs the account's password again.
 */

/** POST /user/getAppsecret: without a password the masked secret; with the sealed password, the whole of it. */
export const getAppSecretSchema = z
  .object({ password: sealedPasswordFields.password.optional(), redomStr: sealedPasswordFields.redomStr.optional() })
  .refine((v) => (v.password === undefined) === (v.redomStr === undefined), { message: 'both or neither' })
export type GetAppSecretPayload = z.infer<typeof getAppSecretSchema>

/** POST /user/rotateAppsecret: always with the sealed password; the old secret stops at once. */
export const rotateAppSecretSchema = z.object(sealedPasswordFields)
export type RotateAppSecretPayload = z.infer<typeof rotateAppSecretSchema>

export const appSecretReplySchema = z.object({ appSecret: z.string(), masked: z.boolean() })
export type AppSecretReply = z.infer<typeof appSecretReplySchema>

export const MASK = '••••••••'

/** First 4 and last 4 characters: enough to tell two secrets apart, too little to sign with. */
export const maskSecret = (secret: string) => (secret.length <= 8 ? MASK : `${secret.slice(0, 4)}${MASK}${secret.slice(-4)}`)
