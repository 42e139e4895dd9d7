import { z } from 'zod'
import { downloadFormatShape } from './lists/query'
import { safeText } from './input'

/*
 * The 5G terminal (UE) file check: a file of numbers is uploaded (`/file/uploadMobileUe`, the numbers
 * worker's output as one `numbers` part), confirmed and paid (`/mobileUe/uploadCheck`), then checked in the
 * background: file_status 0 pending → 1 checking → 2 done or 3 failed (spec section 4), check_count growing.
 * The read-message capability check (`/aim/onlineMobileCheck`) answers a list of numbers at once, as a file.
 */

/** Spec section 9: the upload limit of the console (15 MB); a million numbers as text is ~12 MB. */
export const UE_UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024

/** file_status of mobile_ue_file (spec section 4). */
export const UE_FILE_STATUS = { pending: 0, checking: 1, done: 2, failed: 3 } as const

const accountRef = safeText().trim().min(1).max(64)

/** The multipart `payload` of /file/uploadMobileUe; the numbers go in the `numbers` part. */
export const ueUploadSchema = z.object({
  /** The name the user's file had, shown in the list. */
  file_name: safeText().trim().min(1).max(200),
  /** The account that pays: the caller (default), one of its sub-accounts, or any account for an administrator. */
  cus_id: accountRef.optional(),
})
export type UeUploadPayload = z.infer<typeof ueUploadSchema>

/** The stored upload, not yet checked nor billed: what confirming it would cost. */
export const ueUploadResultSchema = z.object({
  batch_id: z.string(),
  file_name: z.string(),
  cus_id: z.string(),
  /** Distinct valid mobiles kept. */
  batch_count: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  unit_price: z.number(),
  cost: z.number(),
  balance: z.number(),
})
export type UeUploadResult = z.infer<typeof ueUploadResultSchema>

export const ueUploadCheckSchema = z.object({
  batch_id: safeText().trim().min(1).max(64),
  /** One per confirmed check; a retry with the same key returns the first reply and bills nothing again. */
  idempotency_key: z.string().uuid(),
})
export type UeUploadCheckPayload = z.infer<typeof ueUploadCheckSchema>

export const ueUploadCheckResultSchema = z.object({
  batch_id: z.string(),
  batch_count: z.number(),
  cost: z.number(),
  balance_after: z.number(),
})
export type UeUploadCheckResult = z.infer<typeof ueUploadCheckResultSchema>

/** Numbers one read-message capability check takes (an answer file, not a batch). */
export const AIM_CHECK_LIMIT = 100_000

/** /aim/onlineMobileCheck: which of these numbers can receive read messages, as an xlsx or csv file. */
export const aimCheckSchema = z.object({
  mobiles: z.array(z.string().regex(/^1\d{10}$/)).min(1).max(AIM_CHECK_LIMIT),
  ...downloadFormatShape,
})
export type AimCheckPayload = z.infer<typeof aimCheckSchema>
