import type { Translation } from '../i18n-types'

export default {
	url: {
		title: 'Promotion link',
		label: 'Long link (http or https)',
		placeholder: 'https://example.com/campaign',
		hint: 'Every number gets a short link of its own, which opens this long link and records the click time, operating system and browser.',
	},
	content: {
		insertLink: 'Insert link',
		insertHint: 'The short link goes where {marker} stands; without {marker} it is added at the end, after a space.',
		example: 'Short link example: {url} ({count} characters, counted in the billing length)',
	},
	errors: {
		required: 'Enter the long link',
		tooLong: 'The long link can be at most {max} characters',
		invalid: 'Enter a valid link starting with http:// or https://',
		messageTooLong: 'With its short link the message has {chars} characters; a message can have at most {max}. Shorten the text.',
		infoFailed: 'The short-link details could not be loaded; the cost cannot be estimated yet',
	},
	preview: {
		note: 'The short link in the preview is an example; every number gets a different one.',
	},
} satisfies Translation['sendLink']
