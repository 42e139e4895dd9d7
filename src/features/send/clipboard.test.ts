import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// clipboard.ts keeps the permission it has seen in module state: every test loads a fresh copy against a fake
// navigator (the browser's behaviour is covered by tests/e2e/send-clipboard-button.spec.ts).
type Clipboard = typeof import('./clipboard')
let clip: Clipboard

const textItem = (text: string) => ({ types: ['text/plain'], getType: async () => new Blob([text], { type: 'text/plain' }) })
const event = { clipboardData: { getData: () => 'event text' } as unknown as DataTransfer }
const settle = () => new Promise((r) => setTimeout(r))

function fakeNavigator({ state = 'prompt', permissions = true, read }: {
  state?: PermissionState
  permissions?: boolean
  read?: () => Promise<unknown[]>
} = {}) {
  const status = { state, onchange: null as null | (() => void) }
  const nav = {
    clipboard: { read: vi.fn(read ?? (async () => [textItem('13800138000\n13900139000')])) },
    permissions: permissions ? { query: vi.fn(async () => status) } : undefined,
  }
  vi.stubGlobal('navigator', nav)
  return { nav, status }
}

async function load(options?: Parameters<typeof fakeNavigator>[0]) {
  const fake = fakeNavigator(options)
  clip = await import('./clipboard')
  clip.watchClipboardPermission()
  await settle()
  return fake
}

beforeEach(() => vi.resetModules())
afterEach(() => vi.unstubAllGlobals())

describe('readClipboardBlob (the "Paste from clipboard" button)', () => {
  it('returns the text Blob and lets later pastes read the clipboard asynchronously', async () => {
    const { nav } = await load({ state: 'prompt' })
    expect(clip.pastedText(event)).toBe('event text')
    const blob = await clip.readClipboardBlob()
    expect(await blob.text()).toBe('13800138000\n13900139000')
    const pasted = clip.pastedText(event)
    expect(pasted).toBeInstanceOf(Promise)
    expect(await (await (pasted as Promise<Blob | null>))?.text()).toBe('13800138000\n13900139000')
    expect(nav.clipboard.read).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['denied', () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'))],
    ['failed', () => Promise.reject(new DOMException('boom', 'DataError'))],
    ['empty', async () => []],
    ['empty', async () => [{ types: ['image/png'], getType: async () => new Blob([]) }]],
    ['empty', async () => [textItem('')]],
  ] as const)('rejects with %s', async (code, read) => {
    await load({ read })
    const error = await clip.readClipboardBlob().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(clip.ClipboardReadFailed)
    expect((error as InstanceType<Clipboard['ClipboardReadFailed']>).code).toBe(code)
  })

  it('after a refused read, pastes take the event text again', async () => {
    const { status } = await load({ state: 'granted', read: () => Promise.reject(new DOMException('no', 'NotAllowedError')) })
    expect(status.state).toBe('granted')
    await expect(clip.readClipboardBlob()).rejects.toMatchObject({ code: 'denied' })
    expect(clip.pastedText(event)).toBe('event text')
  })

  it('works without the Permissions API, and pastes then keep the event text (the browser asks on every read)', async () => {
    await load({ permissions: false })
    expect(await (await clip.readClipboardBlob()).text()).toBe('13800138000\n13900139000')
    expect(clip.pastedText(event)).toBe('event text')
  })

  it('follows the permission when it changes', async () => {
    const { status } = await load({ state: 'prompt' })
    status.state = 'granted'
    status.onchange?.()
    expect(clip.pastedText(event)).toBeInstanceOf(Promise)
  })
})

describe('suggestClipboardButton (the hint after a big synchronous paste)', () => {
  const big = '1'.repeat(1_000_000)
  it('suggests the button after a big paste while the permission may still be asked for', async () => {
    await load({ state: 'prompt' })
    expect(clip.suggestClipboardButton(big)).toBe(true)
    expect(clip.suggestClipboardButton(big.slice(1))).toBe(false)
    clip.dismissClipboardHint()
    expect(clip.suggestClipboardButton(big)).toBe(false)
  })

  it.each(['granted', 'denied'] as const)('does not suggest it when the permission is %s', async (state) => {
    await load({ state })
    expect(clip.suggestClipboardButton(big)).toBe(false)
  })

  it('suggests it without the Permissions API, not without the asynchronous Clipboard API', async () => {
    await load({ permissions: false })
    expect(clip.suggestClipboardButton(big)).toBe(true)
    vi.stubGlobal('navigator', { clipboard: {} })
    expect(clip.canReadClipboard()).toBe(false)
    expect(clip.suggestClipboardButton(big)).toBe(false)
  })
})
