import type { Translation } from '../i18n-types'

export default {
	appName: 'SMS cloud platform',
	siteTitle: 'SMS',
	ok: 'OK',
	cancel: 'Cancel',
	close: 'Close',
	confirm: 'Confirm',
	loading: 'Loading…',
	reload: 'Reload',
	backHome: 'Back to home',
	logout: 'Log out',
	language: 'Language',
	languages: {
		'zh-CN': '中文',
		en: 'English',
	},
	confirmTitle: 'Please confirm',
	recordNumber: 'Record number: {beian}',
	detailTitle: 'Details',
	detailPlaceholder: 'Detail page: when a record is opened from a list, its details are shown here.',
	pageNotFound: 'Page not found',
	pageNotFoundHint: 'The page you asked for does not exist or has been removed.',
	forbidden: 'Not permitted',
	forbiddenHint: 'You are not permitted to open this page.',
	serverError: 'Server error',
	serverErrorHint: 'The server could not handle the request just now; please try again later.',
} satisfies Translation['common']
