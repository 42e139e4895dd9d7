import type { BaseTranslation } from '../i18n-types'

export default {
} satisfies BaseTranslation
