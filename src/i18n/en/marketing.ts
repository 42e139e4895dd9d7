import type { Translation } from '../i18n-types'

export default {
	types: {
		code: 'Verification code',
		notice: 'Notification',
		marketing: 'Marketing',
	},
	typeLabel: 'Message type',
	typeHint: 'A marketing message must say how to opt out (such as “回T退订”), is sent only within the marketing hours and reaches a number a limited number of times a day; verification codes are exempt from the marketing rules.',
	optOutMissing: 'A marketing message must say how to opt out, such as “回T退订” or “Reply STOP to opt out”',
	send: {
		toggle: 'Marketing message',
		toggleHint: 'A marketing message must say how to opt out, such as “回T退订”.',
		hours: 'Marketing hours {start}–{end} (Beijing time); outside them the send becomes a timed batch.',
		optOutMissing: 'A marketing message must say how to opt out, such as “回T退订” or “Reply STOP to opt out”; it cannot be sent without.',
		optOutFound: 'It says how to opt out.',
		windowMove: 'Outside the marketing hours now: it becomes a timed batch, sent at {time}',
		timedMove: 'The chosen time is outside the marketing hours: it is sent at {time}',
		movedResult: 'Marketing outside the marketing hours became a timed batch, sent at {time}',
		overCap: '{count} numbers removed: they have had today’s cap of marketing messages',
		overCapShown: 'Over the cap: {list}',
		allCapped: 'All {count} numbers have opted out or had today’s cap of marketing messages; there is nothing to send',
	},
	settings: {
		title: 'Marketing hours and frequency',
		intro: 'Marketing messages are sent only within these hours (Beijing time); one sent outside them becomes a timed batch for the next start of the hours. The cap is the most marketing messages a number receives a day. Verification codes and notifications are not limited.',
		platform: 'Platform default: {start}–{end}, at most {cap} a number a day. An enterprise may only narrow it.',
		platformAdmin: 'The platform default applies to every enterprise; each may narrow it.',
		start: 'Start',
		end: 'End',
		cap: 'Daily cap per number (messages)',
		saved: 'Marketing hours and frequency saved',
		save: 'Save',
		effective: 'In force: {start}–{end}, at most {cap} a number a day',
		loadFailed: 'The marketing settings could not be loaded',
	},
	errors: {
		marketingTime: 'Enter a time as HH:mm, such as 08:00',
		marketingCap: 'Enter a whole number from 1 to {max}',
		marketingWindowOrder: 'The end must be after the start',
		marketingWiden: 'This goes beyond the platform default: {start}–{end}, at most {cap} a day',
	},
} satisfies Translation['marketing']
