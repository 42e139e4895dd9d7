import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATERIAL_MAX_BYTES, type MaterialRow } from '../../src/domain/materials'
import { SERVER_MESSAGES } from '../../src/domain/messages'
import { aac, amr, exe, gif, html, jpeg, mp3, mp4, png, svg } from '../storage/fixtures.test-helper'
import { startS3 } from '../storage/s3rver.test-helper'
import { S3Store } from '../storage/s3-store'
import { setup, type Harness } from '../test/harness'
import { harnessCalls } from './materials.test-helper'

describe('routes/materials', () => {
  let h: Harness
  let t: Record<string, string> = {}
  const { upload, media, list } = harnessCalls(() => h, t)
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    t = Object.assign(t, await h.tokensFor('admin', 'acme', 'acme01', 'acme02', 'globex'))
  })
  afterAll(() => h.close())

  const stored = async () => (await readdir(h.filesDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((d) => d.isFile()).length

  describe('uploads', () => {
    it('stores each kind by its content, whatever the file is called, and answers the row with a signed address', async () => {
      for (const [bytes, kind, type] of [[png(), 'image', 'image/png'], [jpeg(), 'image', 'image/jpeg'], [gif(), 'image', 'image/gif'],
        [mp4(), 'video', 'video/mp4'], [mp3(), 'audio', 'audio/mpeg']] as const) {
        const res = await upload('acme', bytes, { name: 'C:\\fakepath\\holiday.dat' })
        expect(res.status, res.msg).toBe(200)
        expect(res.data).toMatchObject({ cus_id: 'acme', kind, purpose: 'aim', content_type: type, size: bytes.length, file_name: 'holiday.dat' })
        expect(res.data.url).toMatch(/^\/api\/media\/file\?id=\d+&exp=\d+&sig=[\w-]+$/)
      }
    })

    it('refuses by content: a renamed .exe, an SVG, an HTML page, text, each with its translated message', async () => {
      const types = { en: /only JPEG, PNG, GIF, MP4, MPEG, AAC, AMR, M4A/, 'zh-CN': /仅支持 JPEG, PNG, GIF/ }
      for (const [bytes, name] of [[exe(), 'photo.png'], [svg(), 'logo.svg'], [html(), 'card.jpg'], [new TextEncoder().encode('hello'), 'a.mp4']] as const) {
        for (const lang of ['en', 'zh-CN'] as const) {
          const res = await upload('acme', bytes, { name, lang })
          expect(res, name).toMatchObject({ status: 400, code: 400, data: null })
          expect(res.msg).toMatch(types[lang])
        }
      }
    })

    it('refuses zero bytes and files cut short (PNG, JPEG, GIF, MP4, MP3, AAC, AMR), and stores nothing for them', async () => {
      const before = await stored()
      expect(await upload('acme', new Uint8Array())).toMatchObject({ status: 400, msg: SERVER_MESSAGES.materialEmpty.en })
      for (const [bytes, cut, type] of [[png(), 40, 'PNG'], [jpeg(), 100, 'JPEG'], [gif(), 30, 'GIF'], [mp4(), 200, 'MP4'], [mp3(), 12, 'MPEG'], [mp3(), 600, 'MPEG'], [aac(), 300, 'AAC'], [amr(), 40, 'AMR']] as const) {
        const res = await upload('acme', bytes.slice(0, cut))
        expect(res, type).toMatchObject({ status: 400, msg: `The file is incomplete or damaged (its ${type} structure is cut short); export it again and upload` })
      }
      expect(await stored()).toBe(before)
    })

    it('applies the limits of each purpose: a video SMS takes 1900 KB and MP3 only, a 5G card 2 MB images and AAC too', async () => {
      const big = png(2, 2, 1900 * 1024)
      expect(await upload('acme', big, { path: '/file/uploadVideoMaterial' })).toMatchObject({ status: 400, msg: 'The file is too large; this kind of material may be at most 1900 KB' })
      expect((await upload('acme', big, { path: '/file/uploadCspMaterial' })).status).toBe(200)
      const tooBig = png(2, 2, MATERIAL_MAX_BYTES.csp.image)
      expect(await upload('acme', tooBig, { path: '/file/uploadCspMaterial' })).toMatchObject({ status: 400, msg: 'The file is too large; this kind of material may be at most 2 MB' })
      const ok = await upload('acme', mp4(), { path: '/file/uploadVideoMaterial' })
      expect(ok.data).toMatchObject({ purpose: 'video', kind: 'video' })
      for (const [bytes, type] of [[aac(), 'audio/aac'], [amr(), 'audio/amr']] as const) {
        expect((await upload('acme', bytes, { path: '/file/uploadCspMaterial' })).data, type).toMatchObject({ kind: 'audio', content_type: type })
        expect(await upload('acme', bytes, { path: '/file/uploadVideoMaterial' }), type).toMatchObject({ status: 400, msg: /only .*MPEG/ })
      }
    })

    it('stops reading a body past the largest file of its purpose: 413 from Content-Length or from the bytes themselves', async () => {
      const before = await stored()
      const huge = new Uint8Array(3 * 1024 * 1024)
      huge.set(png())
      expect(await upload('acme', huge, { path: '/file/uploadVideoMaterial' })).toMatchObject({ status: 413, msg: 'The file is too large; this kind of material may be at most 1900 KB' })
      // Without a Content-Length (a chunked body), the bytes are counted as they arrive and reading stops at the limit.
      const form = new FormData()
      form.set('file', new Blob([huge.slice()]), 'x.png')
      const req = new Request('http://localhost/api/file/uploadVideoMaterial', { method: 'POST', body: form })
      let sent = 0
      const chunks = new Uint8Array(await req.arrayBuffer())
      const stream = new ReadableStream<Uint8Array>({
        pull(ctl) {
          if (sent >= chunks.length) return ctl.close()
          ctl.enqueue(chunks.subarray(sent, sent + 65536))
          sent += 65536
        },
      })
      const res = await h.app.request('/api/file/uploadVideoMaterial', {
        method: 'POST', body: stream, duplex: 'half',
        headers: { authorization: `Bearer ${t.acme}`, 'content-type': req.headers.get('content-type')! },
      } as RequestInit)
      expect(sent).toBeLessThan(chunks.length)
      expect(res.status).toBe(413)
      expect(await stored()).toBe(before)
    })

    it('asks for a file when none is sent, refuses a bad payload, and refuses anonymous callers before reading anything', async () => {
      expect(await h.call('/file/uploadAimMaterial', {}, { token: t.acme, lang: 'en' })).toMatchObject({ status: 400, msg: 'Choose a file to upload' })
      expect(await upload('acme', png(), { payload: '{"name": 5}' })).toMatchObject({ status: 400, msg: SERVER_MESSAGES.badRequest.en })
      expect(await upload('acme', png(), { payload: '{"name": "Banner"}' })).toMatchObject({ status: 200, data: { file_name: 'Banner' } })
      const res = await h.app.request('/api/file/uploadAimMaterial', { method: 'POST', body: new FormData() })
      expect(res.status).toBe(401)
    })
  })

  describe('list, serve, delete: each tenant its own', () => {
    let mine: MaterialRow
    let theirs: MaterialRow
    beforeAll(async () => {
      mine = (await upload('acme01', png(3, 3), { name: 'mine.png' })).data
      theirs = (await upload('globex', jpeg(), { name: 'theirs.jpg' })).data
    })

    it('lists a tenant its own (a customer its sub-accounts too), never another tenant\'s; filters by kind', async () => {
      const ids = async (u: string, body = {}) => (await list(u, { pageSize: 500, ...body })).data.records.map((r: MaterialRow) => r.material_id)
      expect(await ids('acme01')).toContain(mine.material_id)
      expect(await ids('acme01')).not.toContain(theirs.material_id)
      expect(await ids('acme')).toContain(mine.material_id)
      expect(await ids('globex')).toContain(theirs.material_id)
      expect(await ids('globex')).not.toContain(mine.material_id)
      expect(await ids('admin')).toEqual(expect.arrayContaining([mine.material_id, theirs.material_id]))
      const videos = (await list('acme', { kind: 'video', pageSize: 500 })).data.records as MaterialRow[]
      expect(videos.length).toBeGreaterThan(0)
      expect(videos.every((r) => r.kind === 'video')).toBe(true)
      expect((await list('acme', { kind: 'pdf' })).status).toBe(400)
    })

    it('refuses every material call to an account with neither video nor 5G, as its menu has no materials screen', async () => {
      expect(await list('acme02', { pageSize: 500 })).toMatchObject({ status: 403, msg: SERVER_MESSAGES.productNotActivated.en })
      expect(await upload('acme02', png())).toMatchObject({ status: 403, msg: SERVER_MESSAGES.productNotActivated.en })
      expect(await upload('acme02', mp4(), { path: '/file/uploadVideoMaterial' })).toMatchObject({ status: 403 })
      expect(await h.call('/aim/materialDelete', { ids: [mine.material_id] }, { token: t.acme02 })).toMatchObject({ status: 403 })
      // Video without 5G (acme01) keeps its materials: it lists them and deletes them (the video module's screen).
      expect((await list('acme01', { purpose: 'video', pageSize: 500 })).status).toBe(200)
    })

    it('serves by signed address without a token: stored type, nosniff, a generated name, inline', async () => {
      const res = await media(mine.url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="material-${mine.material_id}.png"`)
      expect(res.headers.get('cache-control')).toMatch(/^private/)
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png(3, 3))
    })

    it("keeps the file's own policy (nothing runs, sandboxed) over the console's, whole and in part", async () => {
      const whole = await media(mine.url)
      const part = await media(mine.url, { range: 'bytes=0-3' })
      expect([whole.status, part.status]).toEqual([200, 206])
      for (const res of [whole, part]) {
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      }
    })

    it('refuses a changed, borrowed or expired signature, and a signature of another material', async () => {
      const u = new URL(mine.url, 'http://x')
      const sig = u.searchParams.get('sig')!
      const at = (id: number, exp: string, s: string) => `/api/media/file?id=${id}&exp=${exp}&sig=${s}`
      expect((await media(at(mine.material_id, u.searchParams.get('exp')!, sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))))).status).toBe(401)
      expect((await media(at(theirs.material_id, u.searchParams.get('exp')!, sig))).status).toBe(401)
      expect((await media(at(mine.material_id, String(Number(u.searchParams.get('exp')) + 1), sig))).status).toBe(401)
      expect((await media(at(mine.material_id, '1000', sig))).status).toBe(401)
      expect((await media(`/api/media/file?id=${mine.material_id}&sig=${sig}`)).status).toBe(401)
      const refused = await media(at(mine.material_id, '1000', sig), { 'accept-language': 'en' })
      expect(await refused.json()).toMatchObject({ code: 401, msg: SERVER_MESSAGES.mediaLinkExpired.en })
    })

    it("serves with the owner's token; another tenant's material is not found, and a sub-account cannot read its parent's", async () => {
      const path = (id: number) => `/api/media/file?id=${id}`
      expect((await media(path(mine.material_id), { authorization: `Bearer ${t.acme01}` })).status).toBe(200)
      expect((await media(path(mine.material_id), { authorization: `Bearer ${t.acme}` })).status).toBe(200)
      expect((await media(path(mine.material_id), { authorization: `Bearer ${t.globex}` })).status).toBe(404)
      const parents = (await upload('acme', gif())).data as MaterialRow
      expect((await media(path(parents.material_id), { authorization: `Bearer ${t.acme01}` })).status).toBe(404)
      expect((await media(path(mine.material_id))).status).toBe(401)
    })

    it('answers one byte range with 206 (video seeking) and an unsatisfiable one with 416', async () => {
      const video = (await upload('acme01', mp4(1000))).data as MaterialRow
      const part = await media(video.url, { range: 'bytes=4-11' })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${video.size}`)
      expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('ftypisom')
      const tail = await media(video.url, { range: 'bytes=-3' })
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(new Uint8Array([7, 7, 7]))
      expect((await media(video.url, { range: `bytes=${video.size}-` })).status).toBe(416)
    })

    it("deletes a tenant's own materials and their stored objects; another tenant's ids refuse the whole call", async () => {
      const a = (await upload('acme01', png())).data as MaterialRow
      const b = (await upload('acme01', gif())).data as MaterialRow
      const before = await stored()
      const refused = await h.call('/aim/materialDelete', { ids: [a.material_id, theirs.material_id] }, { token: t.acme01, lang: 'en' })
      expect(refused).toMatchObject({ status: 404, msg: SERVER_MESSAGES.materialNotFound.en })
      expect(await stored()).toBe(before)
      expect((await media(theirs.url)).status).toBe(200)
      const res = await h.call('/aim/materialDelete', { ids: [a.material_id, b.material_id, a.material_id] }, { token: t.acme01, lang: 'en' })
      expect(res).toMatchObject({ status: 200, msg: 'Deleted 2 materials', data: { deleted: 2 } })
      expect(await stored()).toBe(before - 2)
      expect((await media(a.url)).status).toBe(401)
      expect((await h.call('/aim/materialDelete', { ids: [a.material_id] }, { token: t.acme01 })).status).toBe(404)
      expect((await h.call('/aim/materialDelete', { ids: [] }, { token: t.acme01 })).status).toBe(400)
    })
  })

  it('/aim/templateList: the 5G and video templates of the tenant in one list', async () => {
    const res = await h.call('/aim/templateList', { pageSize: 500 }, { token: t.acme })
    expect(res.status, res.msg).toBe(200)
    const rows = res.data.records as { template_kind: string; cus_id: string }[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => ['acme', 'acme01', 'acme02'].includes(r.cus_id))).toBe(true)
    const videos = await h.call('/aim/templateList', { template_kind: 'video', pageSize: 500 }, { token: t.admin })
    expect((videos.data.records as { template_kind: string }[]).every((r) => r.template_kind === 'video')).toBe(true)
  })
})

describe('uploads per account are rate limited', () => {
  let h: Harness
  let t: Record<string, string> = {}
  const { upload } = harnessCalls(() => h, t)
  beforeAll(async () => {
    h = await setup({ historyRows: 0, rateLimitScale: 1 })
    t = Object.assign(t, await h.tokensFor('acme', 'globex'))
  })
  afterAll(() => h.close())

  it('refuses the 31st upload of a minute with 429 and the seconds to wait; another account is not affected', async () => {
    for (let i = 0; i < 30; i++) expect((await upload('acme', gif())).status).toBe(200)
    const res = await upload('acme', gif())
    expect(res).toMatchObject({ status: 429 })
    expect(res.msg).toMatch(/Too many requests, try again in \d+ seconds/)
    expect((await upload('globex', gif())).status).toBe(200)
  })
})

describe('with S3_URL the same calls store in the bucket (s3rver)', () => {
  let h: Harness
  let s3: Awaited<ReturnType<typeof startS3>>
  let t: Record<string, string> = {}
  const { upload, media, list } = harnessCalls(() => h, t)
  beforeAll(async () => {
    s3 = await startS3()
    h = await setup({ historyRows: 0, config: { s3: s3.settings } })
    t = Object.assign(t, await h.tokensFor('acme', 'globex'))
  })
  afterAll(async () => {
    await h.close()
    await s3.stop()
  })

  it('uploads, lists, serves (with ranges) and deletes through the bucket, nothing on disk', async () => {
    const row = (await upload('acme', mp4(500))).data as MaterialRow
    expect(row.kind).toBe('video')
    const key = (await h.db.query<{ object_key: string }>('select object_key from material where material_id = $1', [row.material_id])).rows[0].object_key
    const bucket = new S3Store(s3.settings)
    expect(await bucket.head(key)).toMatchObject({ size: row.size, contentType: 'video/mp4' })
    expect((await list('acme')).data.records.map((r: MaterialRow) => r.material_id)).toContain(row.material_id)
    const res = await media(row.url)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(mp4(500))
    expect((await media(row.url, { range: 'bytes=4-11' })).status).toBe(206)
    expect((await media(`/api/media/file?id=${row.material_id}`, { authorization: `Bearer ${t.globex}` })).status).toBe(404)
    expect((await h.call('/aim/materialDelete', { ids: [row.material_id] }, { token: t.acme })).status).toBe(200)
    expect(await bucket.head(key)).toBeNull()
    await expect(readdir(h.filesDir)).rejects.toThrow()
  })
})
