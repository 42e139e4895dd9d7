import type { Translation } from '../i18n-types'

export default {
} satisfies Translation['sendVideo']
