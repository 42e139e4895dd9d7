import type { Translation } from '../i18n-types'

export default {
	title: 'Message',
	sentAt: 'Received {time}',
	answers: 'Your answers',
	noAnswers: 'No answers yet.',
	answerLabel: 'Your answer',
	answerHint: '{count} of {max} characters',
	send: 'Send answer',
	sent: 'Your answer was sent',
	answersLeft: 'This page takes {n} more {{answer|answers}}.',
	full: 'This page takes no more answers.',
	notFound: 'This page does not exist or has expired.',
	note: 'Your answer goes to the sender of this message.',
	insertMarker: 'Insert answer page',
	insertHint: 'Every number gets a page of its own where it reads this message and can answer; answers appear in the interaction records. The page address ({count} characters) counts in the billing length.',
	errors: {
		required: 'Write an answer first',
		tooLong: 'An answer may have at most {max} characters',
	},
} satisfies Translation['interact']
