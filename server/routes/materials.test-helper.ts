import type { Harness } from '../test/harness'

export type Answer = { status: number; code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any

/** Upload, media and list calls as a signed-in user of the harness, answers unwrapped. */
export function harnessCalls(get: () => Harness, tokens: Record<string, string>) {
  const upload = async (user: string, bytes: Uint8Array, opts: { path?: string; name?: string; payload?: string; lang?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const form = new FormData()
    if (opts.payload !== undefined) form.set('payload', opts.payload)
    form.set('file', new Blob([bytes.slice()]), opts.name ?? 'upload.bin')
    // Serialised with its Content-Length, as a browser sends a form (the upload budget reserves what it declares).
    const req = new Request('http://x/', { method: 'POST', body: form })
    const body = new Uint8Array(await req.arrayBuffer())
    const res = await get().app.request(`/api${opts.path ?? '/file/uploadAimMaterial'}`, {
      method: 'POST', body, headers: {
        authorization: `Bearer ${tokens[user]}`, 'accept-language': opts.lang ?? 'en', 'content-type': req.headers.get('content-type')!,
        'content-length': String(body.length), ...opts.headers,
      },
    })
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) }
  }
  const media = (url: string, headers: Record<string, string> = {}) => get().app.request(url, { headers })
  const list = async (user: string, body: Record<string, unknown> = {}) => (await get().call('/aim/materialList', body, { token: tokens[user], lang: 'en' }))
  return { upload, media, list }
}
