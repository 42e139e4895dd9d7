import { useState } from 'react'
import { CODE_RESEND_SECONDS } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { useCountdown } from './use-countdown'

/**
 * "Get code", then "retry in Ns" for 60 seconds (spec section 9), in the sign-in forms and the mobile binding.
 * `onSend` resolves true when the server accepted, or the seconds a refusal said to wait: both start the countdown.
 */
export function SendCodeButton({ onSend, testId = 'send-code' }: { onSend: () => Promise<boolean | number>; testId?: string }) {
  const { LL } = useI18nContext()
  const { left, start } = useCountdown()
  const [busy, setBusy] = useState(false)

  async function click() {
    setBusy(true)
    try {
      const sent = await onSend()
      if (sent === true) start(CODE_RESEND_SECONDS)
      else if (typeof sent === 'number' && sent > 0) start(sent)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button
      variant="secondary"
      data-testid={testId}
      className="w-[110px] shrink-0 px-2 whitespace-nowrap"
      disabled={left > 0}
      busy={busy}
      onClick={() => void click()}
    >
      {left > 0 ? LL.auth.retryIn({ seconds: left }) : LL.auth.getCode()}
    </Button>
  )
}
