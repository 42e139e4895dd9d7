import type { Translation } from '../i18n-types'

export default {
	command: 'Shorten a link',
	commandKeywords: 'short link, long to short, short to long, expand',
	shorten: {
		title: 'Long link to short link',
		label: 'Long link (http or https)',
		placeholder: 'https://example.com/campaign',
		submit: 'Shorten',
		hint: 'The same long link gives back the short link it already has.',
	},
	expand: {
		title: 'Short link to long link',
		label: 'Short link or its code',
		placeholder: 'https://s.example.com/s/aB3dE5gH',
		submit: 'Expand',
		hint: 'Links of your account and its sub-accounts, with their clicks.',
		required: 'Enter a short link',
	},
	result: {
		title: 'Short link',
		shortUrl: 'Short link',
		longUrl: 'Long link',
		clicks: 'Clicks',
		created: 'Created',
		firstClicks: 'First clicks',
		noClicks: 'No clicks yet.',
		time: 'Time',
		system: 'System',
		browser: 'Browser',
		unknown: 'Unknown',
		copyShort: 'Copy short link',
		copyLong: 'Copy long link',
		copied: 'Copied',
		copyFailed: 'Could not copy: select the text and press Ctrl+C',
	},
} satisfies Translation['linkTools']
