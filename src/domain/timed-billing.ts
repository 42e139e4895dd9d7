import { fillInteract, hasInteract, INTERACT_CODE_LENGTH, interactUrl } from './interact'
import { exampleShortUrl, fillLink } from './send-link'

/**
 * One recipient's message of a same-content timed batch whose text is edited to `content`, as the edit writes it into
 * the batch's details (server/send/timed-edit.ts): trimmed; a link batch's with its short link, an interactive one's
 * with its page address, both from `base` (every link and address of a batch is of one length: an example stands for
 * them). The scheduler bills measureContent of that message × the account's price for each number when the batch is
 * sent; the edit dialog shows the same figures before saving.
 */
export function billedText(content: string, kind: string, base: string): string {
  const text = content.trim()
  if (!text) return ''
  if (kind === 'link') return fillLink(text, exampleShortUrl(base))
  return hasInteract(text) ? fillInteract(text, interactUrl(base, 'x'.repeat(INTERACT_CODE_LENGTH))) : text
}
