/** Words of the carriers' delivery-report codes (src/domain/carrier-codes.ts), shown beside the code. */
export default {
	delivered: '已送达',
	undeliverable: '无法送达',
	expired: '超过有效期未送达',
	rejected: '运营商拒收',
	blocklisted: '号码在黑名单中',
	reportTimeout: '状态报告超时',
	noSuchNumber: '空号',
	switchedOff: '关机或停机',
	suspended: '号码暂停服务',
	unreachable: '不在服务区',
	cancelled: '发送方已取消',
	/** What each code means for the sender, in plain words (the batch page's failure groups, a record's detail). */
	meaning: {
		delivered: '短信已送到对方手机。',
		undeliverable: '运营商没能送达，原因未细分；稍后重发可能成功。',
		expired: '对方手机在有效期内一直没有接收（多为关机或无信号），稍后重发可能成功。',
		rejected: '运营商拒绝了这条短信（内容或签名不被接受），原样重发仍会被拒。',
		blocklisted: '号码在运营商或平台的黑名单中，重发不会送达。',
		reportTimeout: '运营商没有按时回执，不知道是否送达。',
		noSuchNumber: '这个号码不存在（空号），重发不会送达。',
		switchedOff: '对方手机关机或暂时停机，开机后重发可能送达。',
		suspended: '号码已停机或暂停服务，重发不会送达。',
		unreachable: '对方手机不在服务区或网络拥塞，稍后重发可能送达。',
		cancelled: '发送方在交给运营商之前取消了这条短信，费用已退回。',
	},
	kind: {
		permanent: '永久失败',
		transient: '暂时失败',
	},
	/** "已送达 (DELIVRD)" */
	withCode: '{words:string}（{code:string}）',
}
