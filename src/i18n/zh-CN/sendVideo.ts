import type { BaseTranslation } from '../i18n-types'

export default {
	template: {
		title: '视频模板',
		label: '审核通过的视频模板',
		choose: '请选择视频模板',
		option: '{title} · 【{sign}】 · {size:number} KB',
		none: '该账号没有审核通过的视频模板',
		loadFailed: '视频模板加载失败',
		required: '请选择视频模板',
		chooseAccount: '请先选择发送账号',
	},
	preview: {
		title: '模板预览',
		theme: '主题：{theme}',
		text: '短信文本：{text}',
		frame: '第 {n:number} 帧',
		noFrames: '该模板没有可预览的画面',
		loading: '正在加载预览…',
		loadFailed: '预览加载失败',
		price: '单价 {amount}/条',
	},
	cost: '预计费用 {amount}（每个号码 1 条）',
} satisfies BaseTranslation
