import type { Translation } from '../i18n-types'

export default {
	placeholder: 'Placeholder',
} satisfies Translation['common']
