import type { Translation } from '../i18n-types'

export default {
	pointToPoint: 'Each number of a point-to-point batch keeps its own text and is billed for it: this edit does not change the billing',
	byCountry: "Billed at the price of each number's country or region",
	messagesChange: 'Saving changes each number from {before} to {after} message{{s}}: {totalBefore} to {totalAfter} message{{s}} in all',
	costChange: 'Saving changes each number from {before} to {after} message{{s}}: estimated cost {costBefore} to {costAfter}',
} satisfies Translation['timedEdit']
