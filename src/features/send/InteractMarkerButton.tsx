import { Button } from '@/components/ui/Button'
import { INTERACT_MARKER } from '@/domain/interact'
import { MAX_CONTENT_CHARS } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * Adds `{interact}` to a same-content message: every recipient then gets the address of a page of its own to
 * answer on (src/domain/interact.ts). `urlLength` is the address's length, which the figures already count.
 */
export function InteractMarkerButton({ content, onChange, urlLength }: { content: string; onChange: (v: string) => void; urlLength: number }) {
  const { LL } = useI18nContext()
  const next = content.trimEnd() ? `${content.trimEnd()} ${INTERACT_MARKER}` : INTERACT_MARKER
  return (
    <Button
      variant="secondary"
      title={LL.interact.insertHint({ count: urlLength })}
      disabled={content.includes(INTERACT_MARKER) || next.length > MAX_CONTENT_CHARS}
      onClick={() => onChange(next)}
    >
      {LL.interact.insertMarker()}
    </Button>
  )
}
