import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '@/api/errors'
import { newCaptcha } from '@/api/user'
import type { FormField } from '@/components/ui/DeclaredForm'
import { signInFields } from '@/domain/auth-form'
import { CAPTCHA_LENGTH } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/**
 * One captcha at a time. It is a single-use ticket rather than cached data, hence a mutation: every refresh asks
 * the server for a new one, and a call that spends it (sign-in, code send, registration) must refresh afterwards.
 * Its name is read only through `current()`, which waits for the one on its way, so a form sent before its image
 * arrived (Enter pressed at once, a slow server) carries it instead of an empty name the server cannot read.
 * A server that cannot serve now (503: its database is down or restarting; or not reached at all) is said beside
 * the field, and asked again every few seconds until the captcha comes: the page recovers by itself.
 */
export function useCaptcha() {
  const { mutateAsync, data } = useMutation({ mutationFn: newCaptcha })
  const latest = useRef<Promise<{ redomStr: string }> | null>(null)
  const [unavailable, setUnavailable] = useState(false)
  const refresh = useCallback(() => {
    const next = mutateAsync()
    latest.current = next
    // Any other failed fetch shows no image; the form's call reports it when it needs the captcha.
    next.then(() => setUnavailable(false), (e: unknown) => setUnavailable(isApiError(e) && (e.status === 503 || e.kind === 'network' || e.kind === 'timeout')))
  }, [mutateAsync])
  useEffect(refresh, [refresh])
  useEffect(() => {
    if (!unavailable) return
    const again = setTimeout(refresh, UNAVAILABLE_RETRY_MS)
    return () => clearTimeout(again)
  }, [unavailable, refresh])
  const current = useCallback(async () => (latest.current ? (await latest.current).redomStr : ''), [])
  return { image: unavailable ? undefined : data?.image, unavailable, refresh, current }
}

/** How often a page whose captcha could not be fetched asks again (the server's Retry-After is 5 s). */
export const UNAVAILABLE_RETRY_MS = 5000
export type Captcha = ReturnType<typeof useCaptcha>

/** The captcha image as a button, so a keyboard user can ask for a new one too. */
export function CaptchaImage({ image, unavailable, onRefresh }: { image: string | undefined; unavailable?: boolean; onRefresh: () => void }) {
  const { LL } = useI18nContext()
  return (
    <button
      type="button"
      onClick={onRefresh}
      title={LL.auth.captchaRefresh()}
      className="h-[38px] w-[110px] shrink-0 overflow-hidden rounded border border-[var(--border)] bg-white
        focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)]"
    >
      {image && <img data-testid="captcha" src={image} alt={LL.auth.captchaAlt()} className="h-full w-full object-contain" />}
      {!image && unavailable && <span className="px-1 text-xs text-[var(--danger)]">{LL.auth.captchaUnavailable()}</span>}
    </button>
  )
}

/** The captcha's field with its image beside it, as every form that spends one declares it. */
export function captchaField<K extends string>(name: K, LL: TranslationFunctions, captcha: Captcha): FormField<K> {
  return {
    name,
    label: LL.auth.captcha(),
    placeholder: LL.auth.captchaPlaceholder(),
    maxLength: CAPTCHA_LENGTH,
    schema: signInFields.captcha,
    hint: captcha.unavailable ? LL.auth.serviceUnavailable() : undefined,
    addon: () => <CaptchaImage image={captcha.image} unavailable={captcha.unavailable} onRefresh={captcha.refresh} />,
  }
}
