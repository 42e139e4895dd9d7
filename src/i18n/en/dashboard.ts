import type { Translation } from '../i18n-types'

export default {
	prevMonth: 'Sent last month',
	curMonth: 'Sent this month',
	month: 'Sent this month',
	yesterday: 'Sent yesterday',
	today: 'Sent today',
	todaySuccess: 'Delivered today',
	todayFailure: 'Failed today',
	todayUnknown: 'Unknown today',
	todayReplies: 'Replies today',
	sentTrend: 'Messages sent, last 30 days',
	ratioTrend: 'Delivery, failure and unknown rates, last 30 days',
	sent: 'Sent',
	success: 'Delivery rate',
	failure: 'Failure rate',
	unknown: 'Unknown rate',
	loadFailed: 'The overview could not be loaded. Try again.',
	partialNote: 'The dashed end is today, still in progress: not a full day.',
	day: 'Date',
	partialDay: 'today, in progress',
} satisfies Translation['dashboard']
