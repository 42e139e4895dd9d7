const PREFIX = '/myiframe/'

/** The embedded address, or null unless it is a well-formed http(s) URL (no javascript:, data: or relative paths). */
export function embeddedUrl(path: string): string | null {
  if (!path.startsWith(PREFIX)) return null
  let raw = path.slice(PREFIX.length)
  try {
    raw = decodeURIComponent(raw)
  } catch {
    return null
  }
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
