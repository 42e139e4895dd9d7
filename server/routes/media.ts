import { Hono, type Context } from 'hono'
import { contentDisposition } from '../../src/domain/content-disposition'
import { mediaQuerySchema } from '../../src/domain/materials'
import type { Deps } from '../deps'
import { ApiError } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { Where } from '../lists'
import type { ByteRange } from '../storage/store'

interface MediaRow {
  material_id: number
  cus_id: string
  object_key: string
  content_type: string
  size: number
}

const COLS = 'material_id, cus_id, object_key, content_type, size'

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'video/mp4': 'mp4',
  'audio/mpeg': 'mp3', 'audio/aac': 'aac', 'audio/amr': 'amr', 'audio/x-m4a': 'm4a', 'audio/mp4': 'm4a',
}

/** One `bytes=a-b` / `bytes=a-` / `bytes=-n` range inside `size`; undefined for none or several (whole file), null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  let start: number
  let end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start <= end && start < size ? { start, end } : null
}

/**
 * GET /media/file: a material's bytes, private to its tenant. The type is the stored (sniffed) one, which is never
 * active content (no SVG, no HTML: src/domain/materials.ts), with nosniff so a browser cannot guess otherwise, and
 * the generated file name only. One byte range is honoured (video seeking).
 */
export function mediaRoute(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  // A signed address answers here; without one the owner's session is required (requireUser, then `owned`).
  const signed = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // Without a signature the session decides first: an anonymous caller learns nothing, not even what is malformed.
    if (c.req.query('exp') === undefined && c.req.query('sig') === undefined) return next()
    const q = mediaQuerySchema.safeParse(c.req.query())
    if (!q.success) throw new ApiError(400, 'badRequest')
    const { id, exp, sig } = q.data
    if (exp === undefined || sig === undefined) throw new ApiError(401, 'mediaLinkExpired')
    const { rows } = await deps.db.query<MediaRow>(`select ${COLS} from material where material_id = $1`, [id])
    if (!rows[0] || !(await deps.mediaUrls.verify(rows[0], exp, sig))) throw new ApiError(401, 'mediaLinkExpired')
    return send(c, deps, rows[0])
  }
  operation(r, '/media/file', signed, auth, async (c, input) => {
    const w = new Where().scope(c.get('user'), 'cus_id')
    const q = await input()
    w.and(`material_id = ${w.bind(q.id)}`)
    const { rows } = await deps.db.query<MediaRow>(`select ${COLS} from material ${w.sql}`, w.params)
    // Another tenant's material is as absent as a deleted one.
    if (!rows[0]) throw new ApiError(404, 'materialNotFound')
    return send(c, deps, rows[0])
  })
  return r
}

async function send(c: Context, deps: Deps, m: MediaRow): Promise<Response> {
  const range = parseRange(c.req.header('range'), m.size)
  const headers = new Headers({
    'Content-Type': m.content_type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(`material-${m.material_id}.${EXT[m.content_type] ?? 'bin'}`, 'inline'),
    'Accept-Ranges': 'bytes',
    // Private: a shared cache must not keep one tenant's media; the browser may for the life of a signed address.
    'Cache-Control': 'private, max-age=300',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  })
  if (range === null) {
    headers.set('Content-Range', `bytes */${m.size}`)
    return new Response(null, { status: 416, headers })
  }
  const obj = await deps.storage.get(m.object_key, range)
  if (!obj) throw new ApiError(404, 'materialNotFound')
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${m.size}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    return new Response(obj.body, { status: 206, headers })
  }
  headers.set('Content-Length', String(m.size))
  return new Response(obj.body, { status: 200, headers })
}
