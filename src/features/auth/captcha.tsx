import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
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
 */
export function useCaptcha() {
  const { mutateAsync, data } = useMutation({ mutationFn: newCaptcha })
  const latest = useRef<Promise<{ redomStr: string }> | null>(null)
  const refresh = useCallback(() => {
    const next = mutateAsync()
    latest.current = next
    // A failed fetch shows no image; the form's call reports it when it needs the captcha.
    next.catch(() => undefined)
  }, [mutateAsync])
  useEffect(refresh, [refresh])
  const current = useCallback(async () => (latest.current ? (await latest.current).redomStr : ''), [])
  return { image: data?.image, refresh, current }
}
export type Captcha = ReturnType<typeof useCaptcha>

/** The captcha image as a button, so a keyboard user can ask for a new one too. */
export function CaptchaImage({ image, onRefresh }: { image: string | undefined; onRefresh: () => void }) {
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
    addon: () => <CaptchaImage image={captcha.image} onRefresh={captcha.refresh} />,
  }
}
