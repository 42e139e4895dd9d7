import { carrierWordsIn } from '../../domain/carrier-codes.js'
/** Words of the carriers' delivery-report codes (src/domain/carrier-codes.ts), shown beside the code. */
export default {
	// The codes' words and kinds are shared with the server's files (src/domain/carrier-codes.ts).
	...carrierWordsIn('zh-CN'),
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
	/** "已送达（DELIVRD）": the same pattern as WITH_CODE in src/domain/carrier-codes.ts (src/i18n/file-words.test.ts) */
	withCode: '{words:string}（{code:string}）',
}
