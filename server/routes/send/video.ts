import { Hono } from 'hono'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { readNumbers } from '../../send/group-send'
import { ownTemplate, sendContentOf, videoSend } from '../../send/video-send'
import { framesWithMedia } from '../../templates/video-store'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'

/** Video send and the template preview it shows (src/domain/send-video.ts). */
export function videoSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  r.use('/videoTemplate/videoSmsGroupSend', sendBodyLimit(), requireUser(db), sendMemory(deps))
  r.use('/videoTemplate/getSendContentByCusTemplateId', requireUser(db))

  operation(r, '/videoTemplate/videoSmsGroupSend', async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await videoSend(db, cusId, payload, readNumbers(file)))
  })

  // The template must be the sending account's own (any status: the template screens preview pending ones too).
  const templateOf = async (cusId: string, id: number) => {
    const t = await ownTemplate(db, cusId, id)
    if (!t) throw new ApiError(404, 'notFound')
    return t
  }

  operation(r, '/videoTemplate/getSendContentByCusTemplateId', async (c, input) => {
    const q = await input()
    const cusId = await senderOf(db, c.get('user'), q.cus_id)
    const content = await sendContentOf(db, cusId, await templateOf(cusId, q.cus_template_id))
    return ok(c, { ...content, videoFrameList: await framesWithMedia(db, deps.mediaUrls, cusId, content.cus_template_id) })
  })

  return r
}
