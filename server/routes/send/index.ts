import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import { measureContent } from '../../../src/domain/billing'
import { PROD_TYPE } from '../../../src/domain/constants'
import { groupPreviewSchema, groupSendSchema, PREVIEW_LIMIT, SEND_BODY_LIMIT_BYTES } from '../../../src/domain/send'
import type { Deps } from '../../config'
import { ApiError, fail, ok } from '../../http/envelope'
import { requireUser, type AppEnv } from '../../http/session'
import { groupSend, previewGroup, readNumbers } from '../../send/group-send'
import { priceOf, roundMoney } from '../../send/store'
import type { SessionUser } from '../../users/repo'
import type { Db } from '../../db'

interface SendForm<S extends z.ZodType> {
  payload: z.output<S>
  file: Uint8Array
}

/** The multipart form of src/domain/send.ts: a JSON `payload` field and one file part. */
async function readForm<S extends z.ZodType>(c: Context, schema: S, filePart: string): Promise<SendForm<S>> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) throw new ApiError(400, 'badRequest')
  const form = await c.req.parseBody().catch(() => null)
  const raw = form?.payload
  let json: unknown
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : undefined
  } catch {
    json = undefined
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ApiError(400, 'badRequest')
  const file = form?.[filePart]
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array()
  return { payload: parsed.data, file: bytes }
}

/** The paying account: the caller, one of its sub-accounts, or any account for an administrator. */
async function senderOf(db: Db, user: SessionUser, cusId: string | undefined): Promise<string> {
  if (!cusId || cusId === user.cusId) return user.cusId
  if (user.userType === 1) return cusId
  const { rows } = await db.query('select 1 from customer where cus_id = $1 and parent_id = $2 and cus_status = 1', [cusId, user.cusId])
  if (!rows.length) throw new ApiError(403, 'forbidden')
  return cusId
}

export function sendRoutes({ db }: Deps) {
  const r = new Hono<AppEnv>()
  const limit = bodyLimit({ maxSize: SEND_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })
  r.use('/user/groupSend', limit, requireUser(db))
  r.use('/user/groupPreview', limit, requireUser(db))

  r.post('/user/groupSend', async (c) => {
    const { payload, file } = await readForm(c, groupSendSchema, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await groupSend(db, cusId, payload, readNumbers(file)))
  })

  r.post('/user/groupPreview', async (c) => {
    const { payload, file } = await readForm(c, groupPreviewSchema, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    const content = payload.content ?? payload.template ?? ''
    const numbers = readNumbers(file)
    const price = await priceOf(db, cusId, PROD_TYPE.ordinary)
    const total = measureContent(content).messages * numbers.mobiles.length
    return ok(c, {
      messages: previewGroup(content, numbers.mobiles, PREVIEW_LIMIT),
      numbers: numbers.mobiles.length,
      invalid: numbers.invalid,
      duplicates: numbers.duplicates,
      total_messages: total,
      cost: roundMoney(total * price),
    })
  })
  return r
}
