// Deterministic sent-record rows for the export and grid benchmarks: the columns an analyst exports from the sent
// records list (account, name, mobile, Chinese content, status word, two timestamps, batch id). Shared by Node and
// the page harnesses, so both measure the same data. Built-ins only.
export const RECORD_HEADER = ['账号', '名称', '手机号', '短信内容', '状态', '提交时间', '回执时间', '批次号']

const ACCOUNTS = [['acme', '艾克米科技'], ['acme01', '艾克米华东'], ['globex', 'Globex, Inc.'], ['initech01', '英尼泰克'], ['umbrella', '安布雷拉']]
const CONTENTS = [
  '【艾克米】您的验证码为{n}，5分钟内有效，请勿泄露。',
  '【环球】双十一大促，全场五折起，回TD退订',
  '【艾克米】尊敬的客户，您的订单{n}已发货，请注意查收。',
  '[Globex] Your parcel {n} is out for delivery, track it at https://s.sms.cn/a{n}',
  '【英尼泰克】会员积分即将到期，点击 https://s.sms.cn/a{n} 兑换。',
  '【安布雷拉】"春季促销"视频邀请，回复1参加',
]
const STATUS = ['成功', '成功', '成功', '成功', '成功', '成功', '失败', '未知', '审核中']
const pad = (n, w = 2) => String(n).padStart(w, '0')
const stamp = (ms) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** n rows as arrays of cells, in RECORD_HEADER order. */
export function recordRows(n) {
  const rows = new Array(n)
  const start = Date.UTC(2025, 0, 1)
  let seed = 20240601
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296)
  for (let i = 0; i < n; i++) {
    const [account, name] = ACCOUNTS[i % ACCOUNTS.length]
    const code = String(100000 + Math.floor(rand() * 900000))
    const sent = start + i * 2500
    rows[i] = [
      account,
      name,
      `1${3 + (i % 7)}${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
      CONTENTS[i % CONTENTS.length].replaceAll('{n}', code),
      STATUS[i % STATUS.length],
      stamp(sent),
      stamp(sent + 3000 + Math.floor(rand() * 120000)),
      `B2501${String(Math.floor(i / 40)).padStart(7, '0')}`,
    ]
  }
  return rows
}

/** The same rows as objects keyed c0…c7, the shape a grid gets as rowData. */
export function recordObjects(n) {
  return recordRows(n).map((r, i) => ({ id: i, c0: r[0], c1: r[1], c2: r[2], c3: r[3], c4: r[4], c5: r[5], c6: r[6], c7: r[7] }))
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]
}
