import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// clipboard.ts remembers a failed paste read in module state: every test loads a fresh copy against a fake
// navigator (the browser's behaviour is covered by tests/e2e/send-clipboard-button.spec.ts).
type Clipboard = typeof import('./clipboard')
let clip: Clipboard

const textItem = (text: string) => ({ types: ['text/plain'], getType: async () => new Blob([text], { type: 'text/plain' }) })
const getData = vi.fn(() => 'event text')
const event = { clipboardData: { getData } as unknown as DataTransfer }

function fakeNavigator(read?: () => Promise<unknown[]>) {
  const nav = { clipboard: { read: vi.fn(read ?? (async () => [textItem('13800138000\n13900139000')])) } }
  vi.stubGlobal('navigator', nav)
  return nav
}

async function load(read?: () => Promise<unknown[]>) {
  const nav = fakeNavigator(read)
  clip = await import('./clipboard')
  return nav
}

beforeEach(() => {
  vi.resetModules()
  getData.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('pastedText (Ctrl+V)', () => {
  it('reads the clipboard asynchronously as a Blob, without the event text, where the browser can', async () => {
    const nav = await load()
    const pasted = clip.pastedText(event)
    expect(pasted).toBeInstanceOf(Promise)
    expect(await (await (pasted as Promise<Blob | null>))?.text()).toBe('13800138000\n13900139000')
    expect(getData).not.toHaveBeenCalled()
    expect(nav.clipboard.read).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['nothing', async () => []],
    ['no text', async () => [{ types: ['image/png'], getType: async () => new Blob([]) }]],
  ])('resolves null when the clipboard holds %s', async (_, read) => {
    await load(read)
    expect(await clip.pastedText(event)).toBeNull()
  })

  it('after a failed asynchronous read rejects with "failed", and later pastes take the event text', async () => {
    const nav = await load(() => Promise.reject(new DOMException('no', 'NotAllowedError')))
    const error = await (clip.pastedText(event) as Promise<Blob | null>).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(clip.ClipboardReadFailed)
    expect((error as InstanceType<Clipboard['ClipboardReadFailed']>).code).toBe('failed')
    expect(clip.pastedText(event)).toBe('event text')
    expect(clip.pastedText(event)).toBe('event text')
    expect(nav.clipboard.read).toHaveBeenCalledTimes(1)
  })

  it('takes the event text where the asynchronous Clipboard API cannot read', async () => {
    vi.stubGlobal('navigator', { clipboard: {} })
    clip = await import('./clipboard')
    expect(clip.canReadClipboard()).toBe(false)
    expect(clip.pastedText(event)).toBe('event text')
    expect(clip.pastedText({ clipboardData: null })).toBe('')
  })
})

describe('readClipboardBlob (the "Paste from clipboard" button)', () => {
  it('returns the text Blob', async () => {
    await load()
    expect(await (await clip.readClipboardBlob()).text()).toBe('13800138000\n13900139000')
  })

  it.each([
    ['denied', () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'))],
    ['failed', () => Promise.reject(new DOMException('boom', 'DataError'))],
    ['empty', async () => []],
    ['empty', async () => [{ types: ['image/png'], getType: async () => new Blob([]) }]],
    ['empty', async () => [textItem('')]],
  ] as const)('rejects with %s', async (code, read) => {
    await load(read)
    const error = await clip.readClipboardBlob().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(clip.ClipboardReadFailed)
    expect((error as InstanceType<Clipboard['ClipboardReadFailed']>).code).toBe(code)
  })

  it('a refused button read leaves pastes reading asynchronously (a paste event needs no permission)', async () => {
    let calls = 0
    await load(() => (++calls === 1 ? Promise.reject(new DOMException('no', 'NotAllowedError')) : Promise.resolve([textItem('13700137000')])))
    await expect(clip.readClipboardBlob()).rejects.toMatchObject({ code: 'denied' })
    expect(await (await (clip.pastedText(event) as Promise<Blob | null>))?.text()).toBe('13700137000')
    expect(getData).not.toHaveBeenCalled()
  })
})
