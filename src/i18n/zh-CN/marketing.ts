import type { BaseTranslation } from '../i18n-types'

export default {
	types: {
		code: '验证码',
		notice: '通知',
		marketing: '营销',
	},
	typeLabel: '短信类型',
	typeHint: '营销短信须含退订方式（如“回T退订”），只在营销时段内发送，每个号码每天有条数上限；验证码不受营销规则限制。',
	optOutMissing: '营销短信须含退订方式，如“回T退订”或“拒收请回复R”',
	send: {
		toggle: '营销短信',
		toggleHint: '营销短信须含退订方式，如“回T退订”。',
		hours: '营销时段 {start}–{end}（北京时间），时段外发送转为定时批次。',
		optOutMissing: '营销短信须含退订方式，如“回T退订”或“拒收请回复R”，否则不能发送。',
		optOutFound: '已包含退订方式。',
		windowMove: '现在不在营销时段内：将作为定时批次于 {time} 发送',
		timedMove: '所选时间不在营销时段内：将于 {time} 发送',
		movedResult: '营销时段外的营销短信已转为定时批次，将于 {time} 发送',
		overCap: '{count:string} 个号码已移除：今天已收到每日营销条数上限，将不发送',
		overCapShown: '超过上限的号码：{list:string}',
		allCapped: '全部 {count:string} 个号码均已退订或今天已达营销条数上限，没有可发送的号码',
	},
	settings: {
		title: '营销时段与频次',
		intro: '营销短信只在下面的时段内发送（北京时间），时段外发送的营销短信转为定时批次，于下一个时段开始时发送；每个号码每天最多收到的营销短信条数。验证码与通知不受限制。',
		platform: '平台默认：{start}–{end}，每个号码每天至多 {cap} 条。企业只能在此范围内收窄。',
		platformAdmin: '平台默认适用于所有企业；企业可以在此范围内收窄。',
		start: '开始时间',
		end: '结束时间',
		cap: '每号每天上限（条）',
		saved: '营销时段与频次已保存',
		save: '保存',
		effective: '当前生效：{start}–{end}，每个号码每天至多 {cap} 条',
		loadFailed: '营销设置加载失败',
	},
	errors: {
		marketingTime: '请按 HH:mm 填写时间，如 08:00',
		marketingCap: '请填写 1 到 {max} 之间的整数',
		marketingWindowOrder: '结束时间须晚于开始时间',
		marketingWiden: '不能超出平台默认：{start}–{end}，每天至多 {cap} 条',
	},
} satisfies BaseTranslation
