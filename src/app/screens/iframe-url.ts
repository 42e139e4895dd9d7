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

/**
 * Whether /myiframe/ may frame this address: only the console's own origin and the origins the server allows
 * (FRAME_ORIGINS, served in config.js as `frameOrigins`). The CSP's frame-src holds the same list, so the browser
 * enforces it too; this rule lets the console say why instead of showing a blocked frame.
 */
export function frameAllowed(url: string, ownOrigin: string, allowed: readonly string[] = []): boolean {
  const origin = new URL(url).origin
  return origin === ownOrigin || allowed.includes(origin)
}
