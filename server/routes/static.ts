import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'
import { Hono, type Context } from 'hono'
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

const isFile = (path: string) => stat(path).then((s) => s.isFile(), () => false)

/** The encodings the build writes beside a text file (scripts/precompress.ts), best first. */
const PRECOMPRESSED = [['br', '.br'], ['gzip', '.gz']] as const

/** The codings an Accept-Encoding header takes (q=0 refuses one; `*` takes any). */
export function acceptedCodings(header: string | undefined): (coding: string) => boolean {
  const q = new Map<string, number>()
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    q.set(name, weight === undefined ? 1 : Number(weight))
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0
}

/**
 * A file of the build, precompressed when the browser takes it and the build wrote it: brotli, else gzip, else as
 * it is. Answers that could differ by Accept-Encoding say so (Vary), so a cache never hands br to a browser without it.
 */
async function serveFile(c: Context, path: string, cacheControl: string) {
  const headers: Record<string, string> = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': cacheControl }
  const takes = acceptedCodings(c.req.header('accept-encoding'))
  let varies = false
  for (const [coding, ext] of PRECOMPRESSED) {
    if (!(await isFile(path + ext))) continue
    varies = true
    if (takes(coding)) return c.body(new Uint8Array(await readFile(path + ext)), 200, { ...headers, 'content-encoding': coding, vary: 'Accept-Encoding' })
  }
  return c.body(new Uint8Array(await readFile(path)), 200, varies ? { ...headers, vary: 'Accept-Encoding' } : headers)
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
    c.body(`window.SMS_CONFIG = ${JSON.stringify({ apiBase: config.apiBase, frameOrigins: config.frameOrigins })};\n`, 200, {
      'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache',
    }),
  )

  r.get(`${APP_BASE}*`, async (c) => {
    const decoded = safeDecode(c.req.path.slice(APP_BASE.length))
    if (decoded === null) return c.text('Bad request', 400)
    const rel = normalize(decoded).replace(/^(\.\.[/\\])+/, '')
    const target = join(root, rel)
    if (target.startsWith(root) && rel && rel !== '.') {
      if (await isFile(target)) {
        // Vite names every file under assets/ by its content's hash: a changed file is a new name.
        const immutable = rel.startsWith('assets/')
        return serveFile(c, target, immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      }
      // Only assets and top-level files are files; a route such as /myiframe/https%3A%2F%2Fexample.com decodes to
      // something with a dot and slashes and must still reach the console.
      if (rel.startsWith('assets/') || (!rel.includes('/') && extname(rel))) return c.text('Not found', 404)
    }
    const index = join(root, 'index.html')
    if (!(await isFile(index))) {
      return c.text(`The console is not built yet: run \`npm run build\` (looked in ${root}).\n`, 503)
    }
    return serveFile(c, index, 'no-cache')
  })

  return r
}
