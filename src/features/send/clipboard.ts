/*
 * Reading a big paste without a long main-thread task. In a paste event, `clipboardData.getData` is the browser's
 * synchronous read of the whole clipboard into a string: ~70–100 ms on the page's main thread for a million
 * numbers (12 MB), which no page code can split (`DataTransferItem.getAsString` reads just as synchronously).
 *
 * Called during a paste event, the asynchronous Clipboard API may read without the clipboard-read permission: the
 * user's paste is the consent (Chromium 156, checked with the permission denied: a read from a click is refused,
 * the same read from the paste event succeeds; Firefox and Safari allow `read()` from a paste event too). It hands
 * the text over as a Blob, which the numbers worker reads: the page never holds the text and its main thread never
 * waits. So a paste reads asynchronously wherever `navigator.clipboard.read` exists. Should such a read be refused
 * or fail, that paste is lost (the event's data is unreadable once its handler has returned): the page says so,
 * and later pastes take the event's text.
 *
 * The "Paste from clipboard" button (readClipboardBlob) reads from a click instead, for mouse and palette users:
 * there the browser asks for the permission the first time.
 */
let pasteReadsAsync = true

/** True where the asynchronous Clipboard API can read (Chromium, recent Firefox and Safari). */
export function canReadClipboard() {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.read === 'function'
}

/** The clipboard's text as a Blob, or null when it holds no text; rejects when the clipboard cannot be read. */
async function clipboardTextBlob(): Promise<Blob | null> {
  const items = await navigator.clipboard.read()
  const item = items.find((i) => i.types.includes('text/plain'))
  return item ? item.getType('text/plain') : null
}

/**
 * The pasted text, to be called during the paste event: a Blob read asynchronously where the browser can (null
 * when the clipboard holds no text), else the event's own text (synchronous). A failed asynchronous read rejects
 * with ClipboardReadFailed('failed'), and later pastes use the event's text.
 */
export function pastedText(e: { clipboardData: DataTransfer | null }): string | Promise<Blob | null> {
  if (!pasteReadsAsync || !canReadClipboard()) return e.clipboardData?.getData('text/plain') ?? ''
  return clipboardTextBlob().catch((cause: unknown) => {
    pasteReadsAsync = false
    throw new ClipboardReadFailed('failed', { cause })
  })
}

/** Why the "Paste from clipboard" button read nothing. */
export class ClipboardReadFailed extends Error {
  constructor(readonly code: 'denied' | 'empty' | 'failed', options?: ErrorOptions) {
    super(`clipboard read ${code}`, options)
  }
}

/**
 * The "Paste from clipboard" button: reads the clipboard's text as a Blob (for the numbers worker) from a user
 * gesture, so the browser asks for the clipboard-read permission the first time. Rejects with ClipboardReadFailed:
 * 'denied' (the user or the browser refused access), 'empty' (no text, or empty text) or 'failed' (anything else).
 * A refusal here says nothing of pastes: the browser lets a paste event read without the permission.
 */
export async function readClipboardBlob(): Promise<Blob> {
  let blob: Blob | null
  try {
    blob = await clipboardTextBlob()
  } catch (e) {
    if (e instanceof DOMException && e.name === 'NotAllowedError') throw new ClipboardReadFailed('denied', { cause: e })
    throw new ClipboardReadFailed('failed', { cause: e })
  }
  if (!blob || blob.size === 0) throw new ClipboardReadFailed('empty')
  return blob
}
