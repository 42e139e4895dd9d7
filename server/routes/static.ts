import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'
import { Hono } from 'hono'
import { APP_BASE } from '../../src/domain/api'
import type { ServerConfig } from '../config'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain',
  '.map': 'application/json', '.webmanifest': 'application/manifest+json', '.wasm': 'application/wasm',
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path)
  } catch {
    return null
  }
}

async function fileAt(path: string): Promise<Buffer | null> {
  const s = await stat(path).catch(() => null)
  return s?.isFile() ? readFile(path) : null
}

/**
 * The built console under /sms-cloud/ in history mode: a path naming a file serves it, any other path serves
 * index.html so deep links and reloads work. A missing asset stays a 404 rather than a page of HTML.
 */
export function staticRoutes(config: ServerConfig) {
  const r = new Hono()
  const root = resolve(config.distDir)
  const base = APP_BASE.replace(/\/$/, '')

  r.get('/', (c) => c.redirect(APP_BASE, 302))
  r.get(base, (c) => c.redirect(APP_BASE, 302))

  r.get(`${APP_BASE}config.js`, (c) =>
    c.body(`window.SMS_CONFIG = ${JSON.stringify({ apiBase: config.apiBase, frameOrigins: config.frameOrigins ?? [] })};\n`, 200, {
      'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache',
    }),
  )

  r.get(`${APP_BASE}*`, async (c) => {
    const decoded = safeDecode(c.req.path.slice(APP_BASE.length))
    if (decoded === null) return c.text('Bad request', 400)
    const rel = normalize(decoded).replace(/^(\.\.[/\\])+/, '')
    const target = join(root, rel)
    if (target.startsWith(root) && rel && rel !== '.') {
      const file = await fileAt(target)
      if (file) {
        const immutable = rel.startsWith('assets/')
        return c.body(new Uint8Array(file), 200, {
          'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        })
      }
      // Only assets and top-level files are files; a route such as /myiframe/https%3A%2F%2Fexample.com decodes to
      // something with a dot and slashes and must still reach the console.
      if (rel.startsWith('assets/') || (!rel.includes('/') && extname(rel))) return c.text('Not found', 404)
    }
    const index = await fileAt(join(root, 'index.html'))
    if (!index) {
      return c.text(`The console is not built yet: run \`npm run build\` (looked in ${root}).\n`, 503)
    }
    return c.body(new Uint8Array(index), 200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' })
  })

  return r
}
