import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATERIAL_MAX_BYTES } from '../../src/domain/materials'
import { SERVER_MESSAGES } from '../../src/domain/messages'
import { gif, png } from '../storage/fixtures.test-helper'
import { setup, type Harness } from '../test/harness'
import { BodyBudget, UPLOAD_EXPANSION } from './body-budget'

describe('BodyBudget: memory of the bodies a process reads at once', () => {
  it('gives each tenant a quarter, the process the whole, and takes back exactly what it gave', () => {
    const b = new BodyBudget(400)
    const a1 = b.take('a', 60)
    expect(typeof a1).toBe('function')
    expect(b.take('a', 50)).toBe('tenant')
    const a2 = b.take('a', 40)
    expect(typeof a2).toBe('function')
    const others = ['b', 'c', 'd'].map((t) => b.take(t, 90))
    expect(others.every((r) => typeof r === 'function')).toBe(true)
    expect(b.inUse).toBe(370)
    expect(b.take('e', 40)).toBe('process')
    // A release given twice (a finally after an error) frees once.
    ;(a1 as () => void)()
    ;(a1 as () => void)()
    expect(b.inUse).toBe(310)
    expect(typeof b.take('e', 40)).toBe('function')
  })

  it('lets one upload larger than a share run alone, never beside another', () => {
    const b = new BodyBudget(100)
    const big = b.take('a', 90) as () => void
    expect(typeof big).toBe('function')
    expect(b.take('a', 1)).toBe('tenant')
    expect(b.take('b', 20)).toBe('process')
    big()
    expect(b.inUse).toBe(0)
  })
})

/** A multipart body that sends nothing until `open()`: an upload held in flight, counting what was read of it. */
function heldUpload(bytes: Uint8Array) {
  const form = new FormData()
  form.set('file', new Blob([bytes.slice()]), 'x.png')
  const whole = new Request('http://x/', { method: 'POST', body: form })
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  const state = { pulled: 0 }
  const body = new ReadableStream<Uint8Array>({
    async pull(ctl) {
      state.pulled++
      await opened
      ctl.enqueue(new Uint8Array(await whole.arrayBuffer()))
      ctl.close()
    },
  }, { highWaterMark: 0 })
  return { body, contentType: whole.headers.get('content-type')!, open, state }
}

describe('uploads wait for memory: refused unread past the budget', () => {
  let h: Harness
  let t: Record<string, string> = {}
  // Room for two chunked uploads of the library (the most one may carry), so the third account's is refused.
  const maxBody = MATERIAL_MAX_BYTES.aim.video + 64 * 1024
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { uploadMemoryBytes: 2 * maxBody * UPLOAD_EXPANSION } })
    t = await h.tokensFor('acme', 'globex', 'initech')
  })
  afterAll(() => h.close())

  const post = (user: string, body: BodyInit, headers: Record<string, string>, lang = 'en') =>
    h.app.request('/api/file/uploadAimMaterial', {
      method: 'POST', body, duplex: 'half', headers: { authorization: `Bearer ${t[user]}`, 'accept-language': lang, ...headers },
    } as RequestInit)
  // As a browser sends a form: serialised, with its Content-Length.
  const small = async (user: string, lang = 'en') => {
    const form = new FormData()
    form.set('file', new Blob([gif().slice()]), 'x.gif')
    const req = new Request('http://x/', { method: 'POST', body: form })
    const bytes = new Uint8Array(await req.arrayBuffer())
    return post(user, bytes, { 'content-type': req.headers.get('content-type')!, 'content-length': String(bytes.length) }, lang)
  }

  it('answers 429 to a second upload of an account, 503 with Retry-After when the process is full, reading neither', async () => {
    const held = [heldUpload(png()), heldUpload(png())]
    const running = [post('acme', held[0].body, { 'content-type': held[0].contentType }), post('globex', held[1].body, { 'content-type': held[1].contentType })]
    // Both hold their reservation once their bodies are being read.
    while (held.some((u) => u.state.pulled === 0)) await new Promise((r) => setImmediate(r))

    const second = await small('acme')
    expect(second.status).toBe(429)
    expect((await second.json()).msg).toBe(SERVER_MESSAGES.uploadBusyAccount.en)
    expect((await (await small('acme', 'zh-CN')).json()).msg).toBe(SERVER_MESSAGES.uploadBusyAccount['zh-CN'])

    const refused = heldUpload(png())
    const full = await post('initech', refused.body, { 'content-type': refused.contentType })
    expect(full.status).toBe(503)
    expect(full.headers.get('retry-after')).toBe('5')
    expect((await full.json()).msg).toBe('The server is handling many uploads right now; try again in 5 seconds')
    expect(refused.state.pulled).toBe(0)

    held.forEach((u) => u.open())
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200])
    // Everything was given back: each account uploads again.
    for (const user of ['acme', 'globex', 'initech']) expect((await small(user)).status).toBe(200)
  })

  it('reserves what Content-Length declares, so small uploads of one account run side by side', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => small('acme')))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
  })
})

describe('send forms wait in the same budget as uploads', () => {
  let h: Harness
  let token: string
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    token = await h.tokenFor('acme', 'Acme@12345')
  })
  afterAll(() => h.close())

  const numbersForm = (part = 'numbers') => {
    const form = new FormData()
    form.set('payload', JSON.stringify({ idempotency_key: randomUUID(), content: '【艾克米】Hello' }))
    form.set(part, new Blob(['13900000001\n13900000002']), 'numbers.txt')
    return form
  }
  const post = (path: string, lang = 'en') =>
    h.app.request(`/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: numbersForm() })
  const SENDS = ['/user/groupPreview', '/user/groupSend', '/optOut/check', '/shortChainTool/smsLinkGroupSend', '/user/intlGroupPreview']

  it('refuses every send body with 503 and Retry-After while an upload holds the budget, and takes them once it is given back', async () => {
    const upload = h.deps.bodyBudget.take('globex', h.deps.bodyBudget.total) as () => void
    try {
      for (const path of SENDS) {
        const res = await post(path)
        expect(res.status, path).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        expect((await res.json()).msg).toBe('The server is handling many sends and previews right now; try again in 5 seconds')
      }
      expect((await (await post('/user/groupPreview', 'zh-CN')).json()).msg).toBe(SERVER_MESSAGES.sendBusy['zh-CN'].replace('{seconds}', '5'))
    } finally {
      upload()
    }
    expect(h.deps.bodyBudget.inUse).toBe(0)
    expect((await post('/user/groupPreview')).status).toBe(200)
    expect((await post('/optOut/check')).status).toBe(200)
    expect(h.deps.bodyBudget.inUse).toBe(0)
  })
})
