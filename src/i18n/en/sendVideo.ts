import type { Translation } from '../i18n-types'

export default {
	template: {
		title: 'Video template',
		label: 'Approved video template',
		choose: 'Choose a video template',
		option: '{title} · [{sign}] · {size} KB',
		none: 'This account has no approved video template',
		loadFailed: 'The video templates could not be loaded',
		required: 'Choose the video template',
		chooseAccount: 'Choose the sending account first',
	},
	preview: {
		title: 'Template preview',
		theme: 'Subject: {theme}',
		text: 'Message text: {text}',
		frame: 'Frame {n}',
		noFrames: 'This template has no frames to preview',
		loading: 'Loading the preview…',
		loadFailed: 'The preview could not be loaded',
		price: 'Price: {amount} per message',
	},
	cost: 'Estimated cost {amount} (1 message per number)',
} satisfies Translation['sendVideo']
