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
	errors: {
		required: 'Write an answer first',
		tooLong: 'An answer may have at most {max} characters',
	},
} satisfies Translation['interact']
