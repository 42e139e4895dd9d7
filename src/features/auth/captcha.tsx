import { useCallback, useState } from 'react'
import { captchaUrl } from '@/api/user'
import { useI18nContext } from '@/i18n/i18n-react'
import { randomId } from './encrypt'

/** One captcha: its `redomStr` names the image on the server, so every refresh makes a new one. */
export function useCaptcha() {
  const [redomStr, setRedomStr] = useState(randomId)
  const refresh = useCallback(() => setRedomStr(randomId()), [])
  return { redomStr, refresh }
}

/** The captcha image as a button, so a keyboard user can ask for a new one too. */
export function CaptchaImage({ redomStr, onRefresh }: { redomStr: string; onRefresh: () => void }) {
  const { LL } = useI18nContext()
  return (
    <button
      type="button"
      onClick={onRefresh}
      title={LL.auth.captchaRefresh()}
      className="h-[38px] w-[110px] shrink-0 overflow-hidden rounded border border-[var(--border)] bg-white
        focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)]"
    >
      <img data-testid="captcha" src={captchaUrl(redomStr)} alt={LL.auth.captchaAlt()} className="h-full w-full object-contain" />
    </button>
  )
}
