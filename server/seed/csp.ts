import { CSP_CONTENT_TYPE, parseLowType, type CspCard, type CspFrame } from '../../src/domain/send-csp'
import type { Db } from '../db'

/*
 * 5G (csp) demo data (chatbot, csp_template_content): each csp customer's chatbots (the ids csp_template.chatbot_id already names,
 * plus an offline one), two more approved templates so every chatbot has one with a fallback, and the send content
 * of every csp template: texts and card carousels of 2–3 cards, with the fallback contents its low_type registers.
 * Media are small data: URIs drawn here (SVG pictures, a WAV tone), so previews work offline without a token.
 */

type CardSpec = readonly [title: string, text: string, buttons: readonly string[]]
interface Theme {
  text: string
  cards: readonly CardSpec[]
}

const THEMES: Record<string, Theme> = {
  月度账单: {
    text: '【环球】您的本月账单已生成，应缴 128.50 元，点击菜单查看明细或立即缴费。',
    cards: [['本月账单已出', '应缴 128.50 元，截止日 25 日。', ['查看账单', '立即缴费']], ['积分到账', '本月新增积分 320 分。', ['积分商城']]],
  },
  会员日: {
    text: '【环球】会员日福利已到账：全场满 200 减 30，今晚 24 点截止。',
    cards: [['会员日福利', '全场满 200 减 30。', ['领取优惠券']], ['专属礼包', '金卡会员加赠礼包一份。', ['查看礼包', '分享好友']], ['到店有礼', '到店出示消息即可领取小礼品。', ['导航到店']]],
  },
  值机提醒: {
    text: '【环球】您预订的航班明日 08:30 起飞，现已开放在线值机。',
    cards: [['在线值机', '航班明日 08:30 起飞，现已开放值机。', ['选择座位', '办理值机']], ['行李须知', '托运行李限额 23 公斤。', ['了解详情']]],
  },
  物流通知: {
    text: '【环球】您的包裹已到达配送站，预计今日 18 点前送达。',
    cards: [['包裹派送中', '预计今日 18 点前送达。', ['查看物流']], ['签收方式', '可选择放入快递柜或代收点。', ['修改方式', '联系快递员']]],
  },
  活动邀请: {
    text: '【环球】诚邀您参加周六的新品发布会，回复“报名”即可预留席位。',
    cards: [['新品发布会', '本周六 14:00，诚邀您到场。', ['立即报名']], ['活动议程', '新品体验、专家分享、抽奖环节。', ['查看议程']], ['交通指引', '地铁 2 号线直达，提供停车位。', ['导航前往']]],
  },
  新品上市: {
    text: '',
    cards: [['春季新品首发', '全新系列今日上市，抢先体验。', ['立即购买', '了解更多']], ['限时九折', '新品上市首周享九折优惠。', ['领取折扣']], ['预约到店', '到店体验可获赠精美礼品。', ['预约到店']]],
  },
  会员积分提醒: {
    text: '【环球】您有 1,280 积分将于月底过期，可兑换话费或购物券。',
    cards: [],
  },
}

const COLOURS = [['#722ed1', '#b37feb'], ['#eb2f96', '#ffadd2'], ['#13c2c2', '#87e8de']] as const
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** A 320×160 card picture: a gradient and the card's title. */
export function cardSvg(title: string, seq: number): string {
  const [a, b] = COLOURS[(seq - 1) % COLOURS.length]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`
    + `<rect width="320" height="160" rx="8" fill="url(#g)"/><circle cx="270" cy="40" r="22" fill="#fff" fill-opacity=".35"/>`
    + `<text x="160" y="125" font-size="22" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(title)}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** A quarter-second 8 kHz 8-bit mono WAV tone (~2 KB): the demo's audio, and its video cards' track too. */
export function toneWav(): string {
  const rate = 8000
  const n = rate / 4
  const buf = Buffer.alloc(44 + n)
  buf.write('RIFF', 0)
  buf.writeUInt32LE(36 + n, 4)
  buf.write('WAVEfmt ', 8)
  buf.writeUInt32LE(16, 16)
  buf.writeUInt16LE(1, 20) // PCM
  buf.writeUInt16LE(1, 22) // mono
  buf.writeUInt32LE(rate, 24)
  buf.writeUInt32LE(rate, 28)
  buf.writeUInt16LE(1, 32)
  buf.writeUInt16LE(8, 34)
  buf.write('data', 36)
  buf.writeUInt32LE(n, 40)
  for (let i = 0; i < n; i++) buf[44 + i] = Math.round(128 + 60 * Math.sin((2 * Math.PI * 660 * i) / rate) * (1 - i / n))
  return `data:audio/wav;base64,${buf.toString('base64')}`
}

/** Cards of a theme: the first a picture; with three, the second a video and the third an audio clip. */
export function cardsOf(theme: Theme): CspCard[] {
  const tone = toneWav()
  return theme.cards.map(([cardTitle, textContent, buttons], i) => {
    const mediaType = i === 0 || theme.cards.length < 3 ? 'image' : i === 1 ? 'video' : 'audio'
    return {
      cardSeq: i + 1, mediaType, mediaUrl: mediaType === 'image' ? cardSvg(cardTitle, i + 1) : tone, cardTitle, textContent,
      buttons: buttons.map((buttonName) => ({ buttonName })),
    }
  })
}

const themeOf = (name: string): Theme => THEMES[name.split('-')[0]] ?? THEMES.活动邀请

export async function seedCsp(db: Db): Promise<void> {
  const { rows: accounts } = await db.query<{ cus_id: string; cus_name: string }>(
    `select c.cus_id, c.cus_name from customer c join customer_product p on p.cus_id = c.cus_id and p.prod_type = 6
     where c.user_type <> 1 order by c.cus_id`)
  for (const a of accounts) {
    await db.query(
      `insert into chatbot (chatbot_id, cus_id, name, status, create_time) values
         ($1 || '_1', $3, $2 || ' 服务助手', 1, now() - interval '200 days'),
         ($1 || '_2', $3, $2 || ' 营销助手', 1, now() - interval '150 days'),
         ($1 || '_3', $3, $2 || ' 测试助手', 0, now() - interval '20 days')`,
      [`chatbot_${a.cus_id}`, a.cus_name, a.cus_id])
    await db.query(
      `insert into csp_template (cus_id, template_name, chatbot_id, autograph, low_type, template_status, create_time) values
         ($1, '新品上市', $2 || '_2', '环球', '1,3', 4, now() - interval '1 day'),
         ($1, '会员积分提醒', $2 || '_1', '环球', '1', 4, now() - interval '2 days')`,
      [a.cus_id, `chatbot_${a.cus_id}`])
  }
  const { rows } = await db.query<{ template_id: number; template_name: string; low_type: string }>(
    'select template_id, template_name, low_type from csp_template order by template_id')
  const cols = { id: [] as number[], type: [] as string[], text: [] as string[], cards: [] as string[], sms: [] as string[], theme: [] as string[], frames: [] as string[], aim: [] as string[] }
  for (const t of rows) {
    const theme = themeOf(t.template_name)
    const cards = !theme.text || (theme.cards.length > 0 && t.template_id % 2 === 1)
    const fallback = new Set(parseLowType(t.low_type))
    const summary = theme.text || theme.cards.map((c) => `${c[0]}：${c[1]}`).join(' ')
    const frames: CspFrame[] = fallback.has(2)
      ? theme.cards.map(([title, text], i) => ({ seq: i + 1, mediaType: 'image', mediaUrl: cardSvg(title, i + 1), textContent: text }))
      : []
    cols.id.push(t.template_id)
    cols.type.push(cards ? CSP_CONTENT_TYPE.card : CSP_CONTENT_TYPE.text)
    cols.text.push(cards ? '' : theme.text)
    cols.cards.push(JSON.stringify(cards ? cardsOf(theme) : []))
    cols.sms.push(fallback.has(1) ? `${summary.startsWith('【') ? '' : '【环球】'}${summary} 回TD退订` : '')
    cols.theme.push(fallback.has(2) ? t.template_name : '')
    cols.frames.push(JSON.stringify(frames))
    cols.aim.push(fallback.has(3) ? `${t.template_name}：${summary}` : '')
  }
  await db.query(
    `insert into csp_template_content (template_id, content_type, text_5g, card_list, sms_text, video_theme, video_frames, aim_text)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::text[], $7::jsonb[], $8::text[])`,
    [cols.id, cols.type, cols.text, cols.cards, cols.sms, cols.theme, cols.frames, cols.aim])
}
