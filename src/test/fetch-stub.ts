import { vi } from 'vitest'
import { TOKEN_COOKIE } from '@/domain/constants'

/** One call the console made, as the server would see it. */
export interface StubCall {
  method: string
  path: string
  body: unknown
}

/** An answer: the envelope's `data` (code 200), or a whole answer with its own status and envelope. */
export type StubAnswer = unknown | { status: number; body: unknown }
type Handler = (body: unknown, call: StubCall) => StubAnswer | Promise<StubAnswer>

const isWhole = (a: unknown): a is { status: number; body: unknown } =>
  !!a && typeof a === 'object' && 'status' in a && 'body' in a && typeof (a as { status: unknown }).status === 'number'

/**
 * The HTTP boundary of a component test: `fetch` replaced by routes keyed `'POST /api/…'`, answering in the server's
 * envelope, and a signed-in token cookie so the client sends. The component, its hooks and the API client run as
 * they are. An unrouted call fails the test's expectations with a 404 and is recorded, so nothing is hidden.
 * vi.unstubAllGlobals (src/test/dom-setup.ts) puts fetch back after each test.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: StubCall[] = []
  document.cookie = `${TOKEN_COOKIE}=test-token; path=/`
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://console.test')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : method === 'GET' ? Object.fromEntries(url.searchParams) : null
    const call = { method, path: url.pathname, body }
    calls.push(call)
    const handler = routes[`${method} ${url.pathname}`]
    const answer = handler ? await handler(body, call) : { status: 404, body: { code: 404, msg: `no stub for ${method} ${url.pathname}`, data: null } }
    const { status, body: payload } = isWhole(answer) ? answer : { status: 200, body: { code: 200, msg: 'ok', data: answer } }
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchStub)
  return {
    calls,
    /** The calls made to one route, in order. */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  }
}
