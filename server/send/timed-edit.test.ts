import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureContent } from '../../src/domain/billing'
import { chargeFor } from '../../src/domain/money'
import { billedText } from '../../src/domain/timed-billing'
import { setup, type Harness } from '../test/harness'
import { mobilesOf, postForm, sendForm } from '../test/send-kit'
import { runDueBatches } from './scheduler'

/*
 * What the timed batch's edit dialog shows before saving is what the batch is billed when it goes: the dialog measures
 * billedText of the typed text for the batch row's kind and multiplies by its batch_count and the account's price
 * (src/features/timed/TimedEditFigures.tsx); the scheduler bills the details the edit rewrote.
 */
describe('send/timed-edit', () => {
  let h: Harness
  let token = ''
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    token = await h.tokenFor('acme', 'Acme@12345')
  })
  afterAll(() => h.close())

  const timing = new Date(Date.now() + 60 * 60_000)
  /** The dialog's figures for `content` on the batch's row, and what the batch was billed once sent. */
  async function figuresAndBill(batchId: string, content: string, mobiles: string[]) {
    const list = await h.call('/pageTimeBatch/list', { time_batch: batchId }, { token })
    const row = list.data.records.find((r: { time_batch: string }) => r.time_batch === batchId)
    const info = (await h.call('/shortChainTool/smsLinkInfo', {}, { token })).data
    const measure = measureContent(billedText(content, row.kind, info.base))
    const shown = { messages: measure.messages * row.batch_count, cost: chargeFor(measure.messages * row.batch_count, info.price) }

    const edit = await h.call('/pageTimeBatch/edit', { time_batch: batchId, content }, { token })
    expect(edit.status, edit.msg).toBe(200)
    await runDueBatches(h.db, { now: new Date(timing.getTime() + 60_000) })
    const { rows } = await h.db.query<{ content: string; price: string }>(
      `select content, price::text as price from mt_record where cus_id = 'acme' and mobile = any($1::text[])`, [mobiles])
    expect(rows).toHaveLength(mobiles.length)
    const billed = {
      messages: rows.reduce((s, r) => s + measureContent(r.content).messages, 0),
      cost: chargeFor(rows.reduce((s, r) => s + Number(r.price), 0), 1),
    }
    return { row, measure, shown, billed, sent: rows.map((r) => r.content) }
  }

  it('bills a same-content batch edited from one message to two as the dialog said', async () => {
    const mobiles = mobilesOf('136', 3, 7100)
    const sent = await postForm(h.app, '/user/groupSend', token, sendForm({ content: '【艾克米】明天开会', timing_time: timing.toISOString() }, 'numbers', mobiles))
    expect(sent.status, sent.msg).toBe(200)
    const edited = `  【艾克米】${'请准时参加'.repeat(14)}  `
    const r = await figuresAndBill(sent.data.batch_id, edited, mobiles)
    expect(r.row).toMatchObject({ kind: 'group', batch_count: 3 })
    expect(r.measure.messages).toBe(2)
    expect(r.shown).toEqual({ messages: 6, cost: 0.27 })
    expect(r.billed).toEqual(r.shown)
    expect(r.sent).toEqual(Array(3).fill(edited.trim()))
  })

  it('bills a link batch with its short links in the text as the dialog said', async () => {
    const mobiles = mobilesOf('136', 2, 7200)
    const res = await postForm(h.app, '/shortChainTool/smsLinkGroupSend', token,
      sendForm({ long_url: 'https://shop.example.com/promo', content: '【艾克米】点击{link}领取', timing_time: timing.toISOString() }, 'numbers', mobiles))
    expect(res.status, res.msg).toBe(200)
    // 70 characters with the link: one message; a character more makes two.
    const edited = `【艾克米】${'优'.repeat(70 - 5 - 1 - 'http://localhost/s/'.length - 8)} {link}`
    const r = await figuresAndBill(res.data.batch_id, `${edited}惠`, mobiles)
    expect(r.row).toMatchObject({ kind: 'link', batch_count: 2 })
    expect(r.measure.chars).toBe(71)
    expect(r.shown).toEqual({ messages: 4, cost: 0.18 })
    expect(r.billed).toEqual(r.shown)
    expect(r.sent.map((t) => measureContent(t).chars)).toEqual([71, 71])
  })
})
