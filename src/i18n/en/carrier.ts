import type { Translation } from '../i18n-types'

export default {
	delivered: 'Delivered',
	undeliverable: 'Undeliverable',
	expired: 'Expired before delivery',
	rejected: 'Rejected by the carrier',
	blocklisted: 'Number on a blocklist',
	reportTimeout: 'No delivery report in time',
	noSuchNumber: 'Vacant number',
	switchedOff: 'Phone off or out of service',
	suspended: 'Number suspended',
	unreachable: 'Out of coverage',
	withCode: '{words} ({code})',
} satisfies Translation['carrier']
