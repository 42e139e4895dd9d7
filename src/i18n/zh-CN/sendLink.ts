import type { BaseTranslation } from '../i18n-types'

export default {
	url: {
		title: '推广链接',
		label: '长链接（http 或 https）',
		placeholder: 'https://example.com/活动页',
		hint: '每个号码会收到一个专属短链接，点击后跳转到此长链接，并记录点击时间、系统和浏览器。',
	},
	content: {
		insertLink: '插入链接',
		insertHint: '{marker} 处将替换为短链接；没有 {marker} 时短链接加在内容末尾（前面空一格）。',
		example: '短链接示例：{url}（{count:number} 个字符，计入计费长度）',
	},
	errors: {
		required: '请输入长链接',
		tooLong: '长链接不能超过 {max:number} 个字符',
		invalid: '请输入以 http:// 或 https:// 开头的有效链接',
		messageTooLong: '填入短链接后短信有 {chars} 个字符，一条短信最多 {max} 个字符',
		infoFailed: '短链接信息加载失败，费用暂无法估算',
	},
	preview: {
		note: '预览中的短链接为示例，每个号码实际收到的短链接各不相同。',
	},
} satisfies BaseTranslation
