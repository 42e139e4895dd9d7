import type { Context } from 'hono'
import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { strToU8, zipSync } from 'fflate'
import { contentDisposition } from '../../src/domain/content-disposition'
import type { Deps } from '../deps'

/** Files a download carries at most (a carousel's 15 cards, a video template's 10 frames). */
const MAX_MEDIA = 15

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * /cspTemplate/downloadTemplate and /videoTemplate/downloadTemplate: the template as a ZIP, `template.json` (what
 * the detail call answers, signed addresses left out since they expire) and each material it uses under
 * `media/<material_id>.<ext>`. Only what the caller may read reaches here; the materials are the template owner's.
 * Memory is bounded by the limits: at most MAX_MEDIA files of at most 10 MB each (src/domain/materials.ts).
 */
export async function templateZip(c: Context, deps: Deps, fileName: string, detail: object, materialIds: (number | null)[], cusId: string) {
  const ids = [...new Set(materialIds.filter((n): n is number => n !== null))].slice(0, MAX_MEDIA)
  const files: Record<string, Uint8Array> = {
    'template.json': strToU8(JSON.stringify(detail, (k, v: unknown) => (k === 'mediaUrl' && typeof v === 'string' && v.includes('sig=') ? undefined : v), 2)),
  }
  if (ids.length) {
    const { rows } = await deps.db.query<{ material_id: number; object_key: string; content_type: string }>(
      'select material_id, object_key, content_type from material where cus_id = $1 and material_id = any($2::int[])', [cusId, ids])
    for (const m of rows) {
      const obj = await deps.storage.get(m.object_key)
      if (obj) files[`media/${m.material_id}.${m.content_type.split('/')[1].replace(/^x-/, '')}`] = await bytesOf(obj.body)
    }
  }
  await audit(deps.db, c, { action: 'exported', account: cusId, target: { id: fileName }, changes: madeWith({ file: fileName, media: Object.keys(files).length - 1 }) })
  // Media is already compressed: stored as is; the JSON is deflated.
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [v, { level: k.startsWith('media/') ? 0 : 6 }]])))
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
  })
}
