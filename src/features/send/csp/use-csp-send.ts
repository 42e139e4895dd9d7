import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { approvedCspTemplatesQuery, chatbotsQuery, cspSend, cspSendContentQuery } from '@/api/send-csp'
import { approvedVideoTemplatesQuery, videoSendContentQuery } from '@/api/send-video'
import { chargeFor } from '@/domain/money'
import type { SendResult } from '@/domain/send'
import { parseLowType, type CspFallbackCode, type CspPreview } from '@/domain/send-csp'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import type { SendSummary } from '../ConfirmSendDialog'
import { oneMessageSummary } from '../opt-out-check'
import { useSendComposer } from '../use-send-composer'

export interface CspFields {
  /** The paying account an administrator chose ('' until chosen); others always send as themselves. */
  cusId: string
  chatbotId: string
  templateId: number | null
  lowType: CspFallbackCode[]
  smsText: string
  videoTemplateId: number | null
  aimText: string
  /** The template whose registered fallback texts were copied in, so a restored draft keeps the user's edits. */
  prefilled: number | null
}
const EMPTY: CspFields = { cusId: '', chatbotId: '', templateId: null, lowType: [], smsText: '', videoTemplateId: null, aimText: '', prefilled: null }
// The account alone is no draft: it is kept after a send and quickly chosen again.
const fieldsEmpty = (f: CspFields) => !f.chatbotId && f.templateId === null

/**
 * The composed 5G send: the composer (numbers, timing, draft) plus the account (user type 1 chooses it), chatbot,
 * approved template, fallback types with their contents, the live preview and the call. One message per number.
 */
export function useCspSend() {
  const { LL, locale } = useI18nContext()
  const c = useSendComposer<CspFields>({ kind: 'csp', emptyFields: EMPTY, fieldsEmpty, keptAfterSend: ['cusId'] })
  const own = useSession().authUser
  const chooses = own?.userType === 1
  const f = c.fields
  const cusId = chooses ? f.cusId : (own?.cusId ?? '')
  const chatbots = useQuery(chatbotsQuery(cusId))
  const templates = useQuery(approvedCspTemplatesQuery(cusId))
  const content = useQuery(cspSendContentQuery(cusId, f.templateId))
  const wantsVideo = f.lowType.includes(2)
  const videoTemplates = useQuery(approvedVideoTemplatesQuery(wantsVideo ? cusId : ''))
  const video = useQuery(videoSendContentQuery(cusId, wantsVideo ? f.videoTemplateId : null))
  const forChatbot = (templates.data ?? []).filter((t) => t.chatbot_id === f.chatbotId)

  const { setFields } = c
  const loaded = content.data
  useEffect(() => {
    if (loaded && loaded.template_id === f.templateId && f.prefilled !== f.templateId) {
      setFields({ prefilled: loaded.template_id, smsText: loaded.smsTextContent, aimText: loaded.aimTextContent })
    }
  }, [loaded, f.templateId, f.prefilled, setFields])

  const preview: CspPreview | null = loaded && loaded.template_id === f.templateId
    ? {
        ...loaded, smsTextContent: f.smsText, aimTextContent: f.aimText,
        videoTheme: video.data?.videoTheme ?? loaded.videoTheme, videoFrameList: video.data?.videoFrameList ?? loaded.videoFrameList,
      }
    : null

  const valid = c.numbers.state.valid
  const price = loaded?.price ?? null
  const cost = price === null ? null : chargeFor(valid, price)
  // The balance beside the form is the signed-in account's; an administrator paying from another account sees none.
  const forSelf = c.paysSelf(cusId)
  const balance = forSelf ? c.balance : null

  const t = LL.sendCsp
  const check = () => c.check({
    account: chooses && !cusId ? LL.send.account.required() : undefined,
    chatbot: !f.chatbotId ? t.chatbot.required() : undefined,
    template: f.templateId === null ? t.template.required() : undefined,
    smsText: f.lowType.includes(1) && !f.smsText.trim() ? t.fallback.smsRequired() : undefined,
    videoTemplate: wantsVideo && f.videoTemplateId === null ? t.fallback.videoRequired() : undefined,
    aimText: f.lowType.includes(3) && !f.aimText.trim() ? t.fallback.readRequired() : undefined,
  })

  async function summarize(): Promise<SendSummary | null> {
    if (!check()) return null
    return oneMessageSummary(c, LL, locale, { valid, price, balance, cusId })
  }

  async function send(): Promise<SendResult | null> {
    if (f.templateId === null) return null
    const has = (code: CspFallbackCode) => f.lowType.includes(code)
    const payload = {
      cus_id: cusId || undefined, chatbot_id: f.chatbotId, template_id: f.templateId, low_type: f.lowType,
      sms_text: has(1) ? f.smsText : undefined, video_template_id: has(2) ? (f.videoTemplateId ?? undefined) : undefined,
      aim_text: has(3) ? f.aimText : undefined, timing_time: c.timingTime(), idempotency_key: c.key,
    }
    const result = await cspSend(payload, c.numbers.state.numbers).catch(c.refusal)
    if (!result) return null
    c.finish(result, cusId)
    return result
  }

  function setTemplate(id: number | null) {
    const row = forChatbot.find((x) => x.template_id === id)
    c.setFields({ templateId: id, lowType: row ? parseLowType(row.low_type) : [], smsText: '', aimText: '', prefilled: null })
  }
  function toggleFallback(code: CspFallbackCode, on: boolean) {
    const set = new Set(f.lowType)
    if (on) set.add(code)
    else set.delete(code)
    c.setFields({ lowType: ([1, 2, 3] as const).filter((x) => set.has(x)) })
  }

  return {
    c, chooses, cusId, f, chatbots, templates, forChatbot, content, videoTemplates, preview, cost, balance, summarize, send,
    setTemplate, toggleFallback,
    setAccount: (v: string) => c.setFields({ ...EMPTY, cusId: v }),
    setChatbot: (v: string) => c.setFields({ chatbotId: v, templateId: null, lowType: [], smsText: '', aimText: '', prefilled: null }),
  }
}
