import type { Translation } from '../i18n-types'

export default {
	/** The platform's zone (Asia/Shanghai), named beside every time typed and in every confirmation. */
	platformZone: 'Beijing time (UTC+8)',
	appName: 'SMS Cloud Platform',
	siteTitle: 'SMS',
	ok: 'OK',
	cancel: 'Cancel',
	save: 'Save',
	close: 'Close',
	confirm: 'Confirm',
	loading: 'Loading…',
	reload: 'Reload',
	backHome: 'Back to home',
	logout: 'Sign out',
	language: 'Language',
	languages: {
		'zh-CN': '中文',
		en: 'English',
	},
	confirmTitle: 'Please confirm',
	dialogActions: 'Dialog actions',
	recordNumber: 'ICP filing number: {beian}',
	detailTitle: 'Details',
	detailPlaceholder: 'Detail page: when a record is opened from a list, its details are shown here.',
	pageNotFound: 'Page not found',
	pageNotFoundHint: 'The page you asked for does not exist or has been removed.',
	forbidden: 'Not permitted',
	forbiddenHint: 'You are not permitted to open this page.',
	serverError: 'Server error',
	serverErrorHint: 'The server could not handle your request just now; please try again in a few minutes.',
} satisfies Translation['common']
