import { z } from 'zod'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/**
 * Asks for the account's password again before `run` (reveal or rotate the app secret); the button names what it
 * does (`action`: "显示完整密钥"), not "Save". The server's refusal (wrong password, too many tries) stays in the dialog
 * under the field; resolves with run's result, or null when cancelled.
 */
export async function askPassword<T>(LL: TranslationFunctions, title: string, action: string, run: (password: string) => Promise<T>): Promise<T | null> {
  let result: T | null = null
  await openFormDialog({
    title,
    saveTestId: 'password-dialog-ok',
    spec: {
      id: 'password-dialog',
      fields: [
        { name: 'password', label: LL.alerts.appSecret.password(), kind: 'password', autoComplete: 'current-password',
          schema: z.string().min(1), message: LL.alerts.appSecret.passwordRequired() },
      ],
      errorField: 'password',
      submitLabel: action,
      submit: async (_, { password }) => {
        result = await run(password)
      },
    },
  })
  return result
}
