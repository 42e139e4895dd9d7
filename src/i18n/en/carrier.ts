import type { Translation } from '../i18n-types'
import { carrierWordsIn } from '../../domain/carrier-codes.js'

export default {
	// The codes' words and kinds are shared with the server's files (src/domain/carrier-codes.ts).
	...carrierWordsIn('en'),
	meaning: {
		delivered: 'The message reached the phone.',
		undeliverable: 'The carrier could not deliver it and gave no finer reason; a later resend may arrive.',
		expired: 'The phone did not take the message while it was valid (usually off or without signal); a later resend may arrive.',
		rejected: 'The carrier refused this message (its content or signature); the same message would be refused again.',
		blocklisted: "The number is on the carrier's or the platform's blocklist; a resend will not arrive.",
		reportTimeout: 'The carrier did not report in time: whether it arrived is unknown.',
		noSuchNumber: 'The number does not exist; a resend will not arrive.',
		switchedOff: 'The phone is off or briefly out of service; a resend once it is on may arrive.',
		suspended: 'The number is suspended or out of service; a resend will not arrive.',
		unreachable: 'The phone is out of coverage or the network was congested; a later resend may arrive.',
		cancelled: 'The sender cancelled it before it went to the carrier; its cost was refunded.',
	},
	withCode: '{words} ({code})',
} satisfies Translation['carrier']
