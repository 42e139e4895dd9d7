import type { BaseTranslation } from '../i18n-types'

export default {
	countriesLoading: '正在加载国家列表…',
	countriesFailed: '国家列表加载失败，无法识别国际号码',
	retry: '重试',
	numbersHint: '每行一个号码，须带国家代码（如 +447911123456 或 00447911123456）；未开通国家的号码计为无效',
	senderId: {
		label: '发送方ID（可选）',
		placeholder: '如 Acme2026',
		hint: '仅限字母和数字，最多 {max:number} 位；留空使用默认发送方',
		chars: '发送方ID只能包含字母和数字',
		tooLong: '发送方ID最多 {max:number} 位',
	},
	breakdown: {
		title: '按国家计费',
		country: '国家/地区',
		code: '国家代码',
		numbers: '号码数',
		price: '单价（元/条）',
		messages: '条数',
		cost: '费用（元）',
		total: '合计',
		counting: '正在按国家统计…',
		empty: '还没有有效号码',
		balance: '余额 {amount}',
		otherAccount: '所选账号的余额在发送时由服务器核对',
	},
} satisfies BaseTranslation
