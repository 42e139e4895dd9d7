import type { Translation } from '../i18n-types'

export default {
	countriesLoading: 'Loading the country list…',
	countriesFailed: 'The country list could not be loaded, so international numbers cannot be read',
	retry: 'Retry',
	numbersHint: 'One number per line, with its country code (e.g. +447911123456 or 00447911123456); numbers in countries not enabled for your account count as invalid',
	senderId: {
		label: 'Sender ID (optional)',
		placeholder: 'e.g. Acme2026',
		hint: 'Letters and digits only, at most {max} characters; leave empty for the default sender',
		chars: 'The sender ID may contain only letters and digits',
		tooLong: 'The sender ID can be at most {max} characters',
	},
	breakdown: {
		title: 'Cost by country',
		country: 'Country or region',
		code: 'Country code',
		numbers: 'Numbers',
		price: 'Price per message',
		messages: 'Messages',
		cost: 'Cost',
		total: 'Total',
		counting: 'Counting by country…',
		empty: 'No valid numbers yet',
		balance: 'Balance {amount}',
		otherAccount: 'The chosen account\'s balance is checked when the messages are sent',
	},
} satisfies Translation['sendIntl']
