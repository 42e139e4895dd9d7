import type { Translation } from '../i18n-types'

export default {
	submitted: {
		label: 'Submitted',
		tip: 'Numbers submitted, one per recipient, including those still held for review and not yet handed to the carrier.',
	},
	sent: {
		label: 'Sent to carrier',
		tip: 'Numbers handed to the carrier: submitted less waiting. The delivery rate is a share of these.',
	},
	delivered: {
		label: 'Delivered',
		tip: 'Numbers the carrier reported as reaching the handset (report DELIVRD).',
	},
	failed: {
		label: 'Failed',
		tip: 'Numbers the carrier refused at submission or reported as undelivered.',
	},
	unknown: {
		label: 'Unknown',
		tip: 'Numbers handed to the carrier without a final report yet (waiting for it, or it timed out).',
	},
	waiting: {
		label: 'Waiting',
		tip: 'Numbers submitted and not yet handed to the carrier (held for content review).',
	},
	messages: {
		label: 'Billed messages',
		tip: 'Messages billed: a long text counts as several (70 characters a message, 160 when all ASCII).',
	},
	spend: {
		label: 'Spend',
		tip: 'What these records cost (billed messages × price), in yuan.',
	},
	rate: {
		label: 'Delivery rate',
		tip: 'Delivered as a share of sent to carrier; none while nothing is sent.',
	},
	soFar: 'so far',
	about: 'What {figure} counts',
} satisfies Translation['figures']
