import { randomUUID } from 'node:crypto'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPLATE_LIMITS as L, videoTemplateBytes } from '../../src/domain/templates-write'
import { mp4, png } from '../storage/fixtures.test-helper'
import { setup, type Harness } from '../test/harness'
import { countOf } from '../test/send-kit'

describe('templates/template-materials', () => {
  describe('templates and their materials', () => {
    let h: Harness
    let t: Record<string, string>
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      t = await h.tokensFor('acme', 'globex', 'admin')
    })
    afterAll(() => h.close())

    const upload = async (user: string, bytes: Uint8Array, path = '/file/uploadCspMaterial') => {
      const form = new FormData()
      form.set('file', new Blob([bytes.slice()]), 'm.bin')
      const res = await h.app.request(`/api${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t[user]}`, 'accept-language': 'en' } })
      const env = (await res.json()) as { data: { material_id: number; size: number } }
      expect(res.status).toBe(200)
      return env.data
    }
    const en = (path: string, body: unknown, token: string) => h.call(path, body, { token, lang: 'en' })
    const cardTemplate = (ids: number[]) => ({
      template_name: `Cards ${randomUUID().slice(0, 8)}`, chatbot_id: 'chatbot_globex_1', autograph: 'Globex', content_type: 'card',
      cards: ids.map((material_id, i) => ({
        material_id, title: `Card ${i}`, text: 'New arrivals',
        buttons: [{ kind: 'open-link', name: 'Shop', value: 'https://example.com/shop' }, { kind: 'dial', name: 'Call', value: '4008001234' }],
      })),
    })

    it('a carousel of the account\'s own image and video: stored by material, shown with fresh signed addresses that load', async () => {
      const image = await upload('globex', png(8, 8))
      const clip = await upload('globex', mp4())
      const add = await en('/cspTemplate/add', cardTemplate([image.material_id, clip.material_id]), t.globex)
      expect(add.status, add.msg).toBe(200)
      const d = (await en('/cspTemplate/getCspTemplate', { template_id: add.data.id }, t.globex)).data
      expect(d.cspCardList.map((c: { mediaType: string; material_id: number }) => [c.mediaType, c.material_id]))
        .toEqual([['image', image.material_id], ['video', clip.material_id]])
      expect(d.cspCardList[0].buttons[0]).toEqual({ buttonName: 'Shop', kind: 'open-link', value: 'https://example.com/shop' })
      const url = d.cspCardList[0].mediaUrl as string
      expect(url).toMatch(/\/media\/file\?id=\d+&exp=\d+&sig=/)
      const img = await h.app.request(url)
      expect(img.status).toBe(200)
      expect(img.headers.get('content-type')).toBe('image/png')
    })

    it('another tenant\'s material, or one that does not exist, is refused and nothing is stored', async () => {
      const acmes = await upload('acme', png(4, 4))
      const before = await countOf(h.db, 'select count(*)::int as n from csp_template')
      for (const id of [acmes.material_id, 999_999_999]) {
        const res = await en('/cspTemplate/add', cardTemplate([id]), t.globex)
        expect(res).toMatchObject({ status: 400, msg: 'The material does not exist or is not this account’s', data: { fields: { cards: 'materialMissing' } } })
      }
      expect(await countOf(h.db, 'select count(*)::int as n from csp_template')).toBe(before)
    })

    it('a material a template uses cannot be deleted (409 naming the template); once the template is deleted it can', async () => {
      const image = await upload('globex', png(6, 6))
      const body = cardTemplate([image.material_id])
      const id = (await en('/cspTemplate/add', body, t.globex)).data.id as number
      const refused = await en('/aim/materialDelete', { ids: [image.material_id] }, t.globex)
      expect(refused.status).toBe(409)
      expect(refused.msg).toContain(`${body.template_name} (#${id})`)
      expect((await en('/cspTemplate/templateDel', { template_id: id }, t.globex)).status).toBe(200)
      expect((await en('/aim/materialDelete', { ids: [image.material_id] }, t.globex)).status).toBe(200)
    })

    it('the owner downloads the template with its media files', async () => {
      const bytes = png(5, 5)
      const image = await upload('globex', bytes)
      const id = (await en('/cspTemplate/add', cardTemplate([image.material_id]), t.globex)).data.id as number
      const res = await h.app.request('/api/cspTemplate/downloadTemplate', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.globex}` }, body: JSON.stringify({ template_id: id }),
      })
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
      expect(Object.keys(files).sort()).toEqual(['media/' + image.material_id + '.png', 'template.json'])
      expect(files[`media/${image.material_id}.png`]).toEqual(bytes)
    })

    it('a video template from frames: size is media plus text bytes, frames come back in order with their media', async () => {
      const a = await upload('acme', png(10, 10), '/file/uploadVideoMaterial')
      const b = await upload('acme', mp4(512), '/file/uploadVideoMaterial')
      const frames = [{ material_id: b.material_id, text: '第一帧' }, { material_id: a.material_id, text: 'second' }]
      const add = await en('/videoTemplate/add', { title: 'Launch day', template_sign: 'Acme', frames }, t.acme)
      expect(add.status, add.msg).toBe(200)
      const d = (await en('/videoTemplate/getVideoTemplate', { cus_template_id: add.data.id }, t.acme)).data
      expect(d).toMatchObject({ status: 0, title: 'Launch day', size: videoTemplateBytes('Launch day', [{ mediaBytes: b.size, text: '第一帧' }, { mediaBytes: a.size, text: 'second' }]) })
      expect(d.videoFrameList.map((f: { mediaType: string; textContent: string }) => [f.mediaType, f.textContent])).toEqual([['video', '第一帧'], ['image', 'second']])
      expect(d.videoFrameList[1].mediaUrl).toMatch(/sig=/)
    })

    it('refuses a video template over the carriers\' total and a material a video SMS cannot carry', async () => {
      const big = (await h.db.query<{ id: number }>(
        `insert into material (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256)
         values ('acme', 'video', 'video', 'big.mp4', 'video/mp4', $1, $2, 'x') returning material_id as id`,
        [L.videoTotalKb * 1024 - 10, `m/${'0'.repeat(32)}/${randomUUID()}`])).rows[0].id
      const over = await en('/videoTemplate/add', { title: 'Too big', template_sign: 'Acme', frames: [{ material_id: big, text: 'a long caption' }] }, t.acme)
      expect(over).toMatchObject({ status: 400, data: { fields: { frames: 'videoTooLarge' } } })
      expect(over.msg).toContain(`${L.videoTotalKb} KB`)
      const aac = (await h.db.query<{ id: number }>(
        `insert into material (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256)
         values ('acme', 'audio', 'aim', 'a.aac', 'audio/aac', 1000, $1, 'x') returning material_id as id`,
        [`m/${'0'.repeat(32)}/${randomUUID()}`])).rows[0].id
      const kind = await en('/videoTemplate/add', { title: 'Audio', template_sign: 'Acme', frames: [{ material_id: aac, text: '' }] }, t.acme)
      expect(kind).toMatchObject({ status: 400, data: { fields: { frames: 'materialKind' } } })
    })

    it('approved, the send page\'s preview of a card template shows the media too', async () => {
      const image = await upload('globex', png(3, 3))
      const id = (await en('/cspTemplate/add', cardTemplate([image.material_id]), t.globex)).data.id as number
      await en('/cspTemplate/review', { id, approve: true }, t.admin)
      const p = (await en('/cspTemplate/getSendContentByCusTemplateId', { template_id: id }, t.globex)).data
      expect(p.cspCardList[0]).toMatchObject({ mediaType: 'image', mediaUrl: expect.stringMatching(/sig=/) })
    })
  })
})
