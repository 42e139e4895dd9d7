import type { ApiKeyScope } from '@/domain/api-keys'
import type { TranslationFunctions } from '@/i18n/i18n-types'

type LL = TranslationFunctions

const KEY: Record<ApiKeyScope, keyof TranslationFunctions['apiKeys']['scopes']> = {
  send: 'send', 'records.read': 'recordsRead', 'contacts.write': 'contactsWrite', 'templates.write': 'templatesWrite',
}

/** A scope in words (a scope the catalogue no longer has: its code). */
export const scopeWord = (LL: LL, scope: string): string => (scope in KEY ? LL.apiKeys.scopes[KEY[scope as ApiKeyScope]]() : scope)
