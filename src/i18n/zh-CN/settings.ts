export default {
	password: {
		title: '修改密码',
		old: '原密码',
		new: '新密码',
		newHint: '至少 8 位，包含大小写字母、数字和特殊字符',
		confirm: '确认新密码',
		submit: '修改密码',
		done: '修改密码成功，其他设备上的登录已退出',
	},
	mobile: {
		title: '绑定手机号',
		current: '当前手机号：{mobile:string}',
		none: '尚未绑定手机号',
		mobile: '新手机号',
		code: '短信验证码',
		submit: '绑定手机号',
		done: '绑定手机号成功',
	},
	name: {
		title: '账户名称',
		cusName: '名称',
		submit: '保存名称',
		done: '名称已保存',
	},
	certification: {
		title: '实名认证',
		current: '已认证：{name:string}，{idNumber:string}',
		realName: '姓名',
		idNumber: '身份证号',
		phone: '手机号',
		submit: '提交认证',
		done: '实名认证信息已保存',
	},
	commands: {
		changePassword: '修改密码',
		bindMobile: '绑定手机号',
	},
}
