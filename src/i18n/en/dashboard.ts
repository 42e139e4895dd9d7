import type { Translation } from '../i18n-types'

export default {
	prevMonth: 'last month',
	curMonth: 'this month',
	month: 'this month',
	yesterday: 'yesterday',
	today: 'today',
	periodFigure: '{figure} {period}',
	todayReplies: 'Replies today',
	sentTrend: 'Submitted, last 30 days',
	ratioTrend: 'Delivery, failure and unknown rates, last 30 days',
	success: 'Delivery rate',
	failure: 'Failure rate',
	unknown: 'Unknown rate',
	loadFailed: 'The overview could not be loaded. Try again.',
	partialNote: 'The dashed end is today, still in progress: not a full day.',
	day: 'Date',
	partialDay: 'today, in progress',
} satisfies Translation['dashboard']
