import type { Translation } from '../i18n-types'

export default {
	required: 'This field is required',
	mobileEmpty: 'The mobile number is required',
	mobileLength: 'A mobile number has 11 digits',
	mobileFormat: 'The mobile number is not valid',
	captchaLength: 'The captcha has 4 characters',
	smsCodeFormat: 'The SMS code has 6 digits',
	passwordTooShort: 'The password needs at least 6 characters',
	passwordComplexity: 'At least 8 characters with upper and lower case letters, digits and special characters',
	passwordSameAsOld: 'The new password must differ from the old one',
	passwordMismatch: 'The passwords do not match',
	lockPasswordEmpty: 'The lock password cannot be empty',
	epIdFormat: 'The enterprise id has 3 to 32 letters, digits or underscores',
	unknown: 'Unknown error',
	network: 'Network error; check the connection and try again',
	timeout: 'The request timed out; please try again later',
	sessionExpired: 'Your session has expired, please sign in again',
	chunkLoad: 'Part of the page could not be loaded; the network failed or a new version was released',
	pageError: 'Something went wrong',
	pageErrorHint: 'The page hit an unexpected error; reloading usually fixes it.',
	fileTooLarge: 'The file cannot be larger than 15 MB',
} satisfies Translation['errors']
