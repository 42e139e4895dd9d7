// A group of BENCH_CONTACTS contacts (default 500,000) through the server's routes, as the console sends them: the
// rows uploaded (/file/uploadAddressBook), committed into one group (/addressBook/addressBookMemberImport), one
// searched for (/addressBook/list), and every mobile streamed as a send's number source
// (/addressBook/groupMobileDetail), on the real server with its embedded PostgreSQL (tests/bench/server.mjs). Each
// step's time and what it answered are printed, and checked: the counts must be whole. Beside it, in the same run on
// the same server, the same steps for a group a tenth the size: how the time per 1,000 contacts holds as a group
// grows. (server/routes/lists/address-book-import.test.ts pins the same steps at a size the test suite can afford.)
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { sealPassword } from '../../src/domain/auth.ts'
import { startServer } from './server.mjs'

const N = Number(process.env.BENCH_CONTACTS ?? 500_000)
const SMALL = Math.max(1, Math.round(N / 10))
const CAPTCHA = 'BNCH'
const JSEncrypt = createRequire(import.meta.url)('jsencrypt')

const { base, stop } = await startServer({ SMS_CAPTCHA_FIXED: CAPTCHA, RATE_LIMIT_SCALE: '1000', SEED_HISTORY_ROWS: '0' })

async function call(path, body, token) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  if (json.code !== 200) throw new Error(`${path}: ${res.status} ${json.msg}`)
  return json.data
}

async function signIn(username, password) {
  const { redomStr } = await call('/code/captcha', {})
  const rsa = new JSEncrypt()
  rsa.setPublicKey((await call('/user/publicKey', {})).publicKey)
  const sealed = rsa.encrypt(sealPassword(redomStr, password))
  return (await call('/user/login', { username, password: sealed, code: CAPTCHA, redomStr })).token
}

const timed = async (fn) => {
  const t0 = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - t0 }
}

function expectEqual(what, got, want) {
  if (got !== want) throw new Error(`${what}: ${got}, expected ${want}`)
}

/** The four steps for a new group of `n` contacts: each one's milliseconds. */
async function group(token, n, offset) {
  const { group_id } = await call('/addressBook/addressBookGroupAdd', { group_name: `Bench ${n} ${randomUUID().slice(0, 8)}` }, token)
  const lines = []
  for (let i = 0; i < n; i++) lines.push(`${i + 2}\tContact ${i}\t1${String(3_000_000_000 + (offset + i) * 7).padStart(10, '0')}`)
  const upload = await timed(async () => {
    const f = new FormData()
    f.append('payload', JSON.stringify({ group_id }))
    f.append('rows', new Blob([lines.join('\n')], { type: 'text/tab-separated-values' }), 'rows.tsv')
    const res = await fetch(`${base}/api/file/uploadAddressBook`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: f })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`upload: ${res.status} ${json.msg}`)
    return json.data
  })
  expectEqual('rows read', upload.value.rows, n)
  const commit = await timed(() => call('/addressBook/addressBookMemberImport', { upload_id: upload.value.upload_id, idempotency_key: randomUUID() }, token))
  expectEqual('contacts added', commit.value.added, n)
  const mobile = `1${String(3_000_000_000 + (offset + 1) * 7).padStart(10, '0')}`
  const search = await timed(() => call('/addressBook/list', { group_id, mobile, pageSize: 10 }, token))
  expectEqual('contacts found', search.value.records.map((r) => r.name).join(), 'Contact 1')
  const stream = await timed(async () => {
    const res = await fetch(`${base}/api/addressBook/groupMobileDetail`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ group_ids: [group_id] }),
    })
    return (await res.text()).split('\n').filter(Boolean).length
  })
  expectEqual('mobiles streamed', stream.value, n)
  return { upload: upload.ms, commit: commit.ms, search: search.ms, stream: stream.ms }
}

try {
  const token = await signIn('acme', 'Acme@12345')
  const small = await group(token, SMALL, 0)
  const large = await group(token, N, SMALL)
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`
  const per = (ms, n) => `${((ms / n) * 1000).toFixed(1)} ms`
  console.log(`contacts in one group through the routes (server and embedded PostgreSQL on this machine)`)
  console.log(`step      ${String(N).padStart(9)} contacts   per 1,000   | ${String(SMALL).padStart(9)} contacts (same run)   per 1,000`)
  for (const step of ['upload', 'commit', 'search', 'stream']) {
    const perK = step === 'search' ? '' : per(large[step], N)
    const smallPerK = step === 'search' ? '' : per(small[step], SMALL)
    console.log(`${step.padEnd(8)}  ${s(large[step]).padStart(18)}   ${perK.padStart(9)}   | ${s(small[step]).padStart(28)}   ${smallPerK.padStart(9)}`)
  }
} finally {
  await stop()
}
