import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { mountDialog } from '@/components/ui/mount-dialog'
import { toast } from '@/components/ui/toast'
import { formatPlatformMinute } from '@/domain/date-time'
import type { ApiKeySecret } from '@/domain/api-keys'
import type { TranslationFunctions } from '@/i18n/i18n-types'

type LL = TranslationFunctions

/**
 * A new or rotated key's secret, this once (as the two-factor recovery codes): the answer of the call is its only
 * copy in the console. Esc, the overlay and a close button do not dismiss it; the user says they kept it, with the
 * button that has the focus (Enter or Space), so a stray key does not lose the secret. Resolves once closed.
 */
export function showSecret(LL: LL, made: ApiKeySecret, how: 'created' | 'rotated'): Promise<void> {
  const t = LL.apiKeys.secret
  const copy = () => navigator.clipboard.writeText(made.secret).then(() => toast.success(t.copied()), () => toast.error(t.copyFailed()))
  return new Promise((resolve) => {
    mountDialog((close) => (
      <Dialog
        open
        onOpenChange={() => undefined}
        hideClose
        width="max-w-lg"
        title={how === 'created' ? t.createdTitle() : t.rotatedTitle()}
        description={t.intro()}
        footer={
          <>
            <Button variant="secondary" onClick={() => void copy()} data-testid="api-key-secret-copy">{t.copy()}</Button>
            <Button
              data-autofocus
              data-testid="api-key-secret-done"
              onClick={() => {
                close()
                resolve()
              }}
            >
              {t.saved()}
            </Button>
          </>
        }
      >
        <dl data-testid="api-key-secret" className="flex flex-col gap-1 text-sm">
          <dt className="text-[var(--muted)]">{t.keyId()}</dt>
          <dd><code data-testid="api-key-secret-id" className="font-mono select-all">{made.key_id}</code></dd>
          <dt className="mt-2 text-[var(--muted)]">{t.secret()}</dt>
          <dd>
            <code data-testid="api-key-secret-value" className="block rounded bg-[var(--surface-2)] px-3 py-2 font-mono break-all select-all">{made.secret}</code>
          </dd>
        </dl>
        {how === 'rotated' && (
          <p className="mt-3 text-sm" data-testid="api-key-secret-previous">
            {made.previous_until && Date.parse(made.previous_until) > Date.now()
              ? t.previousUntil({ until: formatPlatformMinute(made.previous_until) })
              : t.previousNone()}
          </p>
        )}
        <p className="mt-3 text-xs text-[var(--muted)]">{t.savedHint()}</p>
      </Dialog>
    ))
  })
}
