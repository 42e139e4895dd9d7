/*
 * The Content-Disposition of every file the server answers with, and how the client reads the name back. RFC 6266:
 * a quoted ASCII `filename` for old readers, and `filename*=UTF-8''…` (RFC 5987) when the name is not plain ASCII,
 * so browsers get a Chinese name right. Neither part can carry a quote, backslash, CR or LF of the name, so a name
 * cannot end the header or add a parameter of its own.
 */
export type DispositionType = 'attachment' | 'inline'

// A lone surrogate would make encodeURIComponent throw; it stands for nothing a file name could show.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** RFC 5987 value characters: encodeURIComponent leaves `'()*` as they are, which attr-char does not allow. */
const extValue = (name: string) =>
  encodeURIComponent(name.replace(LONE_SURROGATE, '\uFFFD')).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)

export function contentDisposition(name: string, type: DispositionType = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_')
  return ascii === name ? `${type}; filename="${ascii}"` : `${type}; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`
}

/** The file name a Content-Disposition gives, preferring its UTF-8 form; `fallback` when it names none. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)
  if (star) {
    try {
      return decodeURIComponent(star[1])
    } catch {
      // A malformed escape: the plain name below, or the fallback.
    }
  }
  const plain = /filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition)
  if (!plain) return fallback
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]
}
