import type { Context } from 'hono'
import { strToU8, zipSync } from 'fflate'
import type { Deps } from '../config'

/**
 * /cspTemplate/downloadTemplate and /videoTemplate/downloadTemplate: the template as a ZIP, `template.json` (what
 * the detail call answers, signed addresses left out since they expire) plus, once the object store keeps the
 * materials, each material's file under `media/`. Only what the caller may read reaches here.
 */
export async function templateZip(c: Context, _deps: Deps, fileName: string, detail: object, _materialIds: (number | null)[], _cusId: string) {
  const files: Record<string, Uint8Array> = {
    'template.json': strToU8(JSON.stringify(detail, (k, v: unknown) => (k === 'mediaUrl' && typeof v === 'string' && v.includes('sig=') ? undefined : v), 2)),
  }
  const zip = zipSync(files, { level: 6 })
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'X-Content-Type-Options': 'nosniff',
  })
}
