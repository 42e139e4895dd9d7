import type { BaseTranslation } from '../i18n-types'

export default {
	command: '生成短链接',
	commandKeywords: '短链 长链转短链 短链转长链 还原',
	shorten: {
		title: '长链接转短链接',
		label: '长链接（http 或 https）',
		placeholder: 'https://example.com/活动页',
		submit: '生成短链接',
		hint: '同一个长链接会返回已生成的短链接。',
	},
	expand: {
		title: '短链接转长链接',
		label: '短链接或短链码',
		placeholder: 'https://s.example.com/s/aB3dE5gH',
		submit: '还原',
		hint: '可查询本账号及其子账号的短链接及点击情况。',
		required: '请输入短链接',
	},
	result: {
		title: '短链接',
		shortUrl: '短链接',
		longUrl: '长链接',
		clicks: '点击次数',
		created: '生成时间',
		firstClicks: '最早的点击',
		noClicks: '还没有点击。',
		time: '时间',
		system: '系统',
		browser: '浏览器',
		unknown: '未知',
		copyShort: '复制短链接',
		copyLong: '复制长链接',
		copied: '已复制',
		copyFailed: '复制失败：请选中文本后按 Ctrl+C',
	},
} satisfies BaseTranslation
