import type { Translation } from '../i18n-types'

export default {
	password: {
		title: 'Change password',
		old: 'Current password',
		new: 'New password',
		newHint: 'At least 8 characters with upper and lower case letters, digits and special characters',
		confirm: 'Confirm new password',
		submit: 'Change password',
		done: 'Password changed; sign-ins on other devices have been ended',
	},
	mobile: {
		title: 'Link a mobile number',
		current: 'Current mobile: {mobile}',
		none: 'No mobile number linked yet',
		mobile: 'New mobile',
		code: 'SMS code',
		submit: 'Link mobile number',
		done: 'Mobile number linked',
	},
	name: {
		title: 'Account name',
		cusName: 'Name',
		submit: 'Save name',
		done: 'Name saved',
	},
	certification: {
		title: 'Identity certification',
		current: 'Certified: {name}, {idNumber}',
		realName: 'Name',
		idNumber: 'Identity number',
		phone: 'Mobile',
		submit: 'Submit certification',
		done: 'Identity certification saved',
	},
	commands: {
		changePassword: 'Change password',
		bindMobile: 'Link mobile number',
	},
} satisfies Translation['settings']
