/** Words of the carriers' delivery-report codes (src/domain/carrier-codes.ts), shown beside the code. */
export default {
	delivered: '已送达',
	undeliverable: '无法送达',
	expired: '超过有效期未送达',
	rejected: '运营商拒收',
	blocklisted: '号码在黑名单中',
	reportTimeout: '未按时收到状态报告',
	noSuchNumber: '空号',
	switchedOff: '关机或停机',
	suspended: '号码暂停服务',
	unreachable: '不在服务区',
	/** "已送达 (DELIVRD)" */
	withCode: '{words:string}（{code:string}）',
}
