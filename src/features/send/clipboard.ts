/*
 * Reading a big paste without a long main-thread task. In a paste event, `clipboardData.getData` is the browser's
 * synchronous read of the whole clipboard into a string: ~70–100 ms on the page's main thread for a million
 * numbers (12 MB), which no page code can split. Where the site may read the clipboard (the clipboard-read
 * permission is granted), the asynchronous Clipboard API hands the text over as a Blob instead, which the numbers
 * worker reads: the page never holds the text. The permission is looked up ahead of time, because a paste event
 * must choose synchronously (clipboardData is readable during the event only).
 *
 * Most users never granted it, and a paste event cannot ask (the browser only prompts from a read outside it):
 * the numbers panel offers a "Paste from clipboard" button whose click is a user gesture, so the browser asks once
 * (readClipboardBlob), and suggests that button after a big synchronous paste (suggestClipboardButton).
 */
let readable = false
let watching = false
/** The clipboard-read permission as last seen; 'unknown' without the Permissions API or before its answer. */
let permission: PermissionState | 'unknown' = 'unknown'
let hintDismissed = false

/** A paste of at least this many characters (~1 MB of numbers) took a noticeable synchronous read. */
export const BIG_PASTE_CHARS = 1_000_000

function setPermission(state: PermissionState) {
  permission = state
  readable = state === 'granted'
}

/** True where the asynchronous Clipboard API can read (Chromium, recent Firefox and Safari). */
export function canReadClipboard() {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.read === 'function'
}

/** Starts following the clipboard-read permission (once; browsers without it keep the getData path). */
export function watchClipboardPermission() {
  if (watching || !canReadClipboard() || !navigator.permissions?.query) return
  watching = true
  navigator.permissions
    .query({ name: 'clipboard-read' as PermissionName })
    .then((status) => {
      setPermission(status.state)
      status.onchange = () => setPermission(status.state)
    })
    // Browsers that do not know this permission name (Firefox, Safari) ask on every read: keep the getData path.
    .catch(() => undefined)
}

/** The clipboard's text as a Blob, or null when it holds no text; rejects when the clipboard cannot be read. */
async function clipboardTextBlob(): Promise<Blob | null> {
  const items = await navigator.clipboard.read()
  const item = items.find((i) => i.types.includes('text/plain'))
  return item ? item.getType('text/plain') : null
}

/**
 * The pasted text: a Blob read asynchronously when allowed, else the event's own text (synchronous). Should the
 * asynchronous read fail, it resolves null and later pastes use the event's text.
 */
export function pastedText(e: { clipboardData: DataTransfer | null }): string | Promise<Blob | null> {
  if (!readable) return e.clipboardData?.getData('text/plain') ?? ''
  return clipboardTextBlob().catch(() => {
    readable = false
    return null
  })
}

/**
 * Whether a synchronous paste of `text` should suggest the "Paste from clipboard" button: the text was big, the
 * browser can read the clipboard asynchronously, and the user has not refused it (nor allowed it already).
 */
export function suggestClipboardButton(text: string) {
  return !hintDismissed && text.length >= BIG_PASTE_CHARS && canReadClipboard() && permission !== 'denied' && permission !== 'granted'
}

/** The user closed the suggestion: not shown again while the console stays open. */
export function dismissClipboardHint() {
  hintDismissed = true
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
 * A successful read means the permission is granted (Chromium reads only then), so later Ctrl+V pastes take the
 * asynchronous path too; where the permission cannot be looked up (the browser asks on every read) they keep the
 * event's text.
 */
export async function readClipboardBlob(): Promise<Blob> {
  let blob: Blob | null
  try {
    blob = await clipboardTextBlob()
  } catch (e) {
    readable = false
    if (e instanceof DOMException && e.name === 'NotAllowedError') throw new ClipboardReadFailed('denied', { cause: e })
    throw new ClipboardReadFailed('failed', { cause: e })
  }
  if (permission !== 'unknown') setPermission('granted')
  if (!blob || blob.size === 0) throw new ClipboardReadFailed('empty')
  return blob
}
