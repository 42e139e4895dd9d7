/*
 * Reading a big paste without a long main-thread task. In a paste event, `clipboardData.getData` is the browser's
 * synchronous read of the whole clipboard into a string: ~70–100 ms on the page's main thread for a million
 * numbers (12 MB), which no page code can split. Where the site may read the clipboard (the clipboard-read
 * permission is granted), the asynchronous Clipboard API hands the text over as a Blob instead, which the numbers
 * worker reads: the page never holds the text. The permission is looked up ahead of time, because a paste event
 * must choose synchronously (clipboardData is readable during the event only).
 */
let readable = false
let watching = false

/** Starts following the clipboard-read permission (once; browsers without it keep the getData path). */
export function watchClipboardPermission() {
  if (watching || !navigator.permissions || !navigator.clipboard?.read) return
  watching = true
  navigator.permissions
    .query({ name: 'clipboard-read' as PermissionName })
    .then((status) => {
      readable = status.state === 'granted'
      status.onchange = () => (readable = status.state === 'granted')
    })
    .catch(() => undefined)
}

/**
 * The pasted text: a Blob read asynchronously when allowed, else the event's own text (synchronous). Should the
 * asynchronous read fail, it resolves null and later pastes use the event's text.
 */
export function pastedText(e: { clipboardData: DataTransfer | null }): string | Promise<Blob | null> {
  if (!readable) return e.clipboardData?.getData('text/plain') ?? ''
  return navigator.clipboard
    .read()
    .then((items) => {
      const item = items.find((i) => i.types.includes('text/plain'))
      return item ? item.getType('text/plain') : null
    })
    .catch(() => {
      readable = false
      return null
    })
}
