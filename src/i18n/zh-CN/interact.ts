import type { BaseTranslation } from '../i18n-types'

export default {
	title: '短信内容',
	sentAt: '接收时间 {time:string}',
	answers: '我的回复',
	noAnswers: '还没有回复。',
	answerLabel: '回复内容',
	answerHint: '{count:number} / {max:number} 个字符',
	send: '发送回复',
	sent: '回复已发送',
	answersLeft: '本页面还可回复 {n:number} 条。',
	full: '本页面已达到回复上限。',
	notFound: '该互动页面不存在或已过期。',
	note: '您的回复将发送给该短信的发送方。',
	insertMarker: '插入互动页面',
	insertHint: '每个号码会收到一个专属页面，可在其中查看本短信并回复，回复显示在交互记录中。页面地址（{count:number} 个字符）计入计费长度。',
	errors: {
		required: '请先填写回复内容',
		tooLong: '回复最多 {max:number} 个字符',
	},
} satisfies BaseTranslation
