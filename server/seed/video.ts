import type { Db } from '../db'

/*
 * The frames of every demo video template (video_template_frame): three pictures with captions each. The pictures are
 * small SVG data: URIs drawn here, so the preview works offline and needs no media route or token.
 */

const COLOURS = [['#1677ff', '#69b1ff'], ['#13c2c2', '#87e8de'], ['#fa8c16', '#ffd591']] as const
const CAPTIONS = ['开场：{title}', '亮点：{sign}为您带来全新体验', '结尾：扫码了解更多，回TD退订'] as const

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** One 320×180 frame: a gradient, the frame number and the template's title. */
export function frameSvg(title: string, seq: number): string {
  const [a, b] = COLOURS[(seq - 1) % COLOURS.length]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`
    + `<rect width="320" height="180" fill="url(#g)"/><circle cx="160" cy="80" r="28" fill="#fff" fill-opacity=".85"/>`
    + `<path d="M152 66 L152 94 L174 80 Z" fill="${a}"/>`
    + `<text x="160" y="140" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(title)}</text>`
    + `<text x="300" y="24" font-size="14" text-anchor="end" fill="#fff" font-family="sans-serif">${seq}/3</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

export async function seedVideoFrames(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: number; title: string; sign: string }>(
    'select cus_template_id as id, title, template_sign as sign from video_template order by cus_template_id')
  const ids: number[] = []
  const seqs: number[] = []
  const urls: string[] = []
  const texts: string[] = []
  for (const t of rows) {
    for (let seq = 1; seq <= CAPTIONS.length; seq++) {
      ids.push(t.id)
      seqs.push(seq)
      urls.push(frameSvg(t.title, seq))
      texts.push(CAPTIONS[seq - 1].replace('{title}', t.title).replace('{sign}', t.sign))
    }
  }
  await db.query(
    `insert into video_template_frame (cus_template_id, seq, media_type, media_url, text_content)
     select f.id, f.seq, 'image', f.url, f.text from unnest($1::int[], $2::int[], $3::text[], $4::text[]) as f(id, seq, url, text)`,
    [ids, seqs, urls, texts])
}
