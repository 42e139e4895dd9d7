import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { newCaptcha } from '@/api/user'
import { TextField, type TextFieldProps } from '@/components/ui/TextField'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * One captcha at a time. It is a single-use ticket rather than cached data, hence a mutation: every refresh asks
 * the server for a new one, and a call that spends it (sign-in, code send, registration) must refresh afterwards.
 * `redomStr` is '' until the first one arrives; the server refuses that like a wrong captcha.
 */
export function useCaptcha() {
  const { mutate, data } = useMutation({ mutationFn: newCaptcha })
  const refresh = useCallback(() => mutate(), [mutate])
  useEffect(refresh, [refresh])
  return { redomStr: data?.redomStr ?? '', image: data?.image, refresh }
}

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

/** The captcha's field with its image beside it, as every form that spends one shows it. */
export function CaptchaField({ captcha, ...field }: { captcha: ReturnType<typeof useCaptcha> } & Omit<TextFieldProps, 'label'>) {
  const { LL } = useI18nContext()
  return (
    <TextField
      label={LL.auth.captcha()}
      placeholder={LL.auth.captchaPlaceholder()}
      autoComplete="off"
      maxLength={4}
      addon={<CaptchaImage image={captcha.image} onRefresh={captcha.refresh} />}
      {...field}
    />
  )
}
