import type { Translation } from '../i18n-types'

export default {
	url: {
		title: 'Promotion link',
		label: 'Long URL (http or https)',
		placeholder: 'https://example.com/campaign',
		hint: 'Every number gets a short link of its own, which opens this long URL and records the click time, system and browser.',
	},
	content: {
		insertLink: 'Insert link',
		insertHint: 'The short link goes where {marker} stands; without {marker} it is added at the end, after a space.',
		example: 'Short link example: {url} ({count} characters, counted in the billing length)',
	},
	errors: {
		required: 'Enter the long URL',
		tooLong: 'The long URL cannot be longer than {max} characters',
		invalid: 'Enter a valid URL starting with http:// or https://',
		messageTooLong: 'With its short link the message has {chars} characters; a message may have at most {max}',
		infoFailed: 'The short-link details could not be loaded; the cost cannot be estimated yet',
	},
	preview: {
		note: 'The short link in the preview is an example; every number gets a different one.',
	},
} satisfies Translation['sendLink']
