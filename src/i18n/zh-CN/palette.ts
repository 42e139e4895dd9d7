export default {
	title: '命令面板',
	placeholder: '搜索菜单和操作，支持拼音与首字母…',
	empty: '没有找到匹配的菜单或操作',
	groups: {
		recent: '最近使用',
		actions: '操作',
		results: '搜索结果',
	},
	hints: {
		move: '移动',
		open: '打开',
		close: '关闭',
	},
	commands: {
		group: '通用',
		palette: '打开命令面板',
		shortcuts: '键盘快捷键',
	},
	sheet: {
		title: '键盘快捷键',
		description: '在任意页面可用的快捷键，以及列表页面中的按键。',
		commands: '全局',
		grid: '列表与表格',
		gridMove: '在单元格之间移动',
		gridOpenDetail: '打开所选行的详情',
		gridExpandRow: '展开或收起所选行，显示各列全文',
		gridRowMenu: '打开所选行的操作菜单（方向键选择，Enter 执行）',
		notNow: '当前不可用',
		gridFocusSearch: '聚焦搜索框',
		gridReset: '重置搜索条件',
		gridExport: '导出当前列表',
	},
}
