import type { BaseTranslation } from '../i18n-types'

export default {
	pointToPoint: '点对点批次的每个号码保留各自的内容并按其计费，此处的修改不改变计费',
	byCountry: '按各号码所在国家/地区的单价计费',
	messagesChange: '保存后每个号码由 {before:number} 条变为 {after:number} 条，合计由 {totalBefore:number} 条变为 {totalAfter:number} 条',
	costChange: '保存后每个号码由 {before:number} 条变为 {after:number} 条，预计费用由 {costBefore:string} 变为 {costAfter:string}',
} satisfies BaseTranslation
