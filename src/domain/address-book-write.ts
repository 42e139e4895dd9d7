import { z } from 'zod'
import { BIGINT, intIn, isRealDate, safeText, serialId } from './input'
import { checkMobile, type ErrorKey } from './validation'

/*
 * Address book editing (spec section 7, /addressBook/addressBookGroup* and …Member*). Each issue's message is an
 * ErrorKey of validation.ts, so the console's form words it with LL.errors and the server names it per field in a
 * refusal (`data.fields`). The form sends its strings; numbers are coerced, as the search forms' are.
 */

export const GROUP_NAME_MAX = 50
export const CONTACT_NAME_MAX = 50
export const EMAIL_MAX = 100
export const JOB_NUMBER_MAX = 32
export const REMARK_MAX = 200
/** Rows one delete or move may name: a page of the list at its largest. */
export const MEMBER_IDS_MAX = 500

const issue = (ctx: z.RefinementCtx, key: ErrorKey | null) => {
  if (key) ctx.addIssue({ code: 'custom', message: key })
}
const rule = (check: (v: string) => ErrorKey | null) => safeText().trim().superRefine((v, ctx) => issue(ctx, check(v)))
const tooLong = (max: number) => (v: string): ErrorKey | null => (v.length > max ? 'tooLong' : null)
const required = (max: number) => rule((v) => (v ? tooLong(max)(v) : 'required'))
const optional = (max: number) => rule(tooLong(max)).default('')

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/
function checkBirthday(v: string): ErrorKey | null {
  if (!v) return null
  const m = BIRTHDAY.exec(v)
  return m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? null : 'invalidValue'
}

/** A contact row id (bigserial). */
export const contactId = () => intIn({ min: 1, max: BIGINT.max })

export const groupFieldsShape = { group_name: required(GROUP_NAME_MAX), remark: optional(REMARK_MAX) }
export const groupAddSchema = z.object(groupFieldsShape)
export const groupModSchema = z.object({ group_id: serialId(), ...groupFieldsShape })
/** `with_members`: the console's confirmation named the contacts; without it a group that has any is refused (409). */
export const groupDelSchema = z.object({ group_id: serialId(), with_members: z.boolean().default(false) })
export const groupRefSchema = z.object({ group_id: serialId() })
export type GroupAdd = z.infer<typeof groupAddSchema>
export type GroupMod = z.infer<typeof groupModSchema>

export const memberFieldsShape = {
  group_id: serialId(),
  name: required(CONTACT_NAME_MAX),
  mobile: rule(checkMobile),
  email: rule((v) => (!v ? null : tooLong(EMAIL_MAX)(v) ?? (EMAIL.test(v) ? null : 'invalidValue'))).default(''),
  job_number: optional(JOB_NUMBER_MAX),
  /** 0 unknown, 1 male, 2 female */
  gender: intIn({ min: 0, max: 2 }).default(0),
  /** yyyy-MM-dd or empty */
  birthday: rule(checkBirthday).default(''),
  remark: optional(REMARK_MAX),
}
export const memberAddSchema = z.object(memberFieldsShape)
export const memberModSchema = z.object({ id: contactId(), ...memberFieldsShape })
export const memberRefSchema = z.object({ id: contactId() })
const memberIds = z.array(contactId()).min(1).max(MEMBER_IDS_MAX)
export const memberDelSchema = z.object({ ids: memberIds })
/** Moves the named contacts of the caller into one of its groups (a mobile already there refuses the move, 409). */
export const memberMoveSchema = z.object({ ids: memberIds, group_id: serialId() })
export type MemberAdd = z.infer<typeof memberAddSchema>
export type MemberMod = z.infer<typeof memberModSchema>
export type MemberDel = z.infer<typeof memberDelSchema>
export type MemberMove = z.infer<typeof memberMoveSchema>
