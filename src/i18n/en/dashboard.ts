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
	statsVolume: 'Submitted and sent to carrier in the chosen window',
	statsRate: 'Delivery rate in the chosen window',
	statsPartialNote: 'The dashed end is {period}, still in progress (so far): not a whole period.',
	statsLoadFailed: 'The chart could not be loaded; the list below is unaffected.',
} satisfies Translation['dashboard']
