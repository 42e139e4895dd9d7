/**
 * The sending figures (src/domain/figures.ts): one label and one tooltip each, the same on every screen. The labels
 * equal the files' words (FIGURE_WORDS; src/i18n/figures.test.ts).
 */
export default {
	submitted: {
		label: '提交数',
		tip: '提交的号码数：每个号码计 1 条，含仍待审核、尚未发给运营商的。',
	},
	sent: {
		label: '已发送数',
		tip: '已发给运营商的号码数：提交数减去待发送数。成功率以它为基数。',
	},
	delivered: {
		label: '成功数',
		tip: '运营商报告已送达手机的号码数（状态报告 DELIVRD）。',
	},
	failed: {
		label: '失败数',
		tip: '提交运营商时被拒或运营商报告未送达的号码数。',
	},
	unknown: {
		label: '未知数',
		tip: '已发给运营商、尚无最终状态报告的号码数（等待报告或报告超时）。',
	},
	waiting: {
		label: '待发送数',
		tip: '已提交、尚未发给运营商的号码数（等待内容审核）。',
	},
	messages: {
		label: '计费条数',
		tip: '按条计费的短信条数：长短信按长度计为多条（含中文每 70 字一条，纯英文数字每 160 字符一条）。',
	},
	spend: {
		label: '消费金额',
		tip: '这些记录的费用（计费条数 × 单价），单位元。',
	},
	rate: {
		label: '成功率',
		tip: '成功数占已发送数的比例；尚无发送时不计。',
	},
	soFar: '截至现在',
	about: '{figure:string} 的含义',
}
