import type { Translation } from '../i18n-types'

export default {
	title: 'Command palette',
	placeholder: 'Search menus and actions…',
	empty: 'No matching menu or action',
	groups: {
		recent: 'Recent',
		actions: 'Actions',
		results: 'Results',
	},
	hints: {
		move: 'to move',
		open: 'to open',
		close: 'to close',
	},
	commands: {
		group: 'General',
		palette: 'Open command palette',
		shortcuts: 'Keyboard shortcuts',
	},
	sheet: {
		title: 'Keyboard shortcuts',
		description: 'Keys that work on every page, and keys for list screens.',
		commands: 'Everywhere',
		grid: 'Lists and tables',
		gridMove: 'Move between cells',
		gridOpenDetail: 'Open the selected row\'s details',
		gridExpandRow: 'Expand or collapse the selected row to show every column\'s whole text',
		gridRowMenu: 'Open the selected row\'s actions (arrow keys choose, Enter runs)',
		notNow: 'not available now',
		gridFocusSearch: 'Focus the search box',
		gridReset: 'Reset the search filters',
		gridExport: 'Export the current list',
	},
} satisfies Translation['palette']
