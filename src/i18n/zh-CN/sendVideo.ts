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
		price: '单价 {amount} 元/条',
	},
	cost: '预计费用 {amount}（每个号码 1 条）',
	groups: {
		open: '从通讯录添加',
		title: '从通讯录分组添加号码',
		description: '选择一个或多个分组，组内成员的手机号将作为一个号码来源加入，并与其他来源合并去重。',
		loading: '正在加载分组…',
		loadFailed: '分组加载失败',
		empty: '没有包含成员的分组',
		members: '{count:number} 人',
		selectAll: '全选',
		selected: '已选 {groups:number} 个分组，共 {members:number} 人',
		add: '添加号码',
		source: '通讯录：{names}',
		fetchFailed: '分组号码获取失败，请重试',
	},
} satisfies BaseTranslation
