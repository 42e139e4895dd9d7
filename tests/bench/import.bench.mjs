// Importing 500k contacts end to end: BENCH_IMPORT_ROWS contacts (default 500,000: name from a pool, as
// real names repeat, mobile stored as a number, e-mail on every tenth row; shared strings, as Excel writes) in xlsx
// files of BENCH_IMPORT_FILE_ROWS (default 250,000: 500k such rows make a 22 MB xlsx, over the 15 MB upload limit, so
// a user imports them as two files into one group, the second meeting the first's contacts there), each read as the console's worker does it (workers/sheet-import.ts: streaming reader → TSV → mapped, checked rows
// as the upload's bytes), then stored as the server does it (server/routes/lists/address-book-import.ts: checkRows,
// then insertRows' 10k-row unnest inserts in one transaction) on the embedded PostgreSQL as `npm start` runs it (a
// database of its own per call; BENCH_DATABASE_URL or TEST_DATABASE_URL instead when set).
// Beside it, in the same run: the plain way (SheetJS's whole-workbook read and sheet_to_json objects, posted as a
// JSON array of objects: its time, peak memory and upload size), and the database's floor (the same rows made by
// one `insert … select from generate_series`, no parsing at all). Each figure is one call in a fresh process: wall
// time, peak RSS above the start.
//
// Then other users' requests while the import's commit stores it: BENCH_LISTERS (default 4) other users page their
// contacts (/addressBook/list, a request BENCH_THINK_MS, default 250 ms, after the previous answer, timed from then:
// a request the store kept from even starting counts its wait) while one account commits BENCH_IMPORT_ROWS contacts
// with the demo data. Printed: the commit's time and the other requests' count, p50, p99 and max during it, beside
// the baseline: the same through the code of commit BENCH_BASELINE_COMMIT (default HEAD~, in a temporary git worktree:
// lib/baseline.mjs) on the same database server; each in a fresh process on a fresh database, alternating BENCH_ROUNDS
// (default 2) times; medians compared. BENCH_IMPORT_ONLY=while runs only that part; BENCH_BASELINE=0 leaves the
// baseline out.
import { randomUUID } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { read, utils, write } from '@e965/xlsx'
import { BASELINE, withBaseline } from './lib/baseline.mjs'
import { benchDb, benchPostgres, withThrowawayDatabase } from './lib/throwaway-pg.mjs'

const N = Number(process.env.BENCH_IMPORT_ROWS ?? 500_000)
const PER_FILE = Number(process.env.BENCH_IMPORT_FILE_ROWS ?? 250_000)
const LISTERS = Number(process.env.BENCH_LISTERS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250)
const MB = (n) => `${(n / 2 ** 20).toFixed(1)} MB`
const s = (ms) => `${(ms / 1000).toFixed(2)} s`
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰'

function makeXlsx(path, from, to) {
  const aoa = [['姓名', '手机号码', '邮箱']]
  for (let i = from; i < to; i++) {
    const name = SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length] + (i % 3 ? GIVEN[(i * 13) % GIVEN.length] : '')
    aoa.push([name, 13_000_000_000 + ((i * 7919) % 6_999_999_999), i % 10 ? null : `u${i}@example.com`])
  }
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(aoa), '通讯录')
  writeFileSync(path, write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }))
}

async function child(variant, file) {
  const start = process.memoryUsage().rss
  let peak = start
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t0 = performance.now()
  const out = {}
  let closing
  if (variant === 'parse') {
    const { openImport, buildImport } = await import('../../workers/sheet-import.ts')
    const { table, view } = openImport(new Uint8Array(readFileSync(file)))
    const built = buildImport(table, view.guess)
    writeFileSync(`${file}.rows.tsv`, built.rows)
    Object.assign(out, { rows: built.count, refused: built.refusedCount, upload: built.rows.byteLength })
  } else if (variant === 'sheetjs') {
    const wb = read(readFileSync(file), { type: 'buffer', dense: true })
    const objects = utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { raw: false })
    const body = JSON.stringify(objects.map((o) => ({ name: o['姓名'], mobile: o['手机号码'], email: o['邮箱'] ?? '' })))
    Object.assign(out, { rows: objects.length, upload: Buffer.byteLength(body) })
  } else {
    const { migrate } = await import('../../server/db/index.ts')
    const db = await benchDb()
    await migrate(db)
    const { rows } = await db.query(`insert into ab_group (cus_id, group_name) values ('bench', 'bench') returning group_id`)
    const group = rows[0].group_id
    const t1 = performance.now()
    if (variant === 'store') {
      const { checkRows, countInGroup, insertRows } = await import('../../server/routes/lists/address-book-import.ts')
      out.check = 0
      out.rows = 0
      for (const rowsFile of file.split(',')) {
        const t2 = performance.now()
        const checked = checkRows(readFileSync(rowsFile, 'utf8'))
        out.inGroup = (out.inGroup ?? 0) + (await countInGroup(db, group, checked.mobiles))
        out.check += performance.now() - t2
        out.rows += await db.transaction((tx) => insertRows(tx, 'bench', group, checked.lines.join('\n')))
      }
    } else {
      await db.query(`insert into ab_contact (cus_id, group_id, name, mobile)
        select 'bench', $1, 'n' || i, (13000000000 + i)::text from generate_series(1, $2::int) i`, [group, N])
      out.rows = N
    }
    out.dbOpen = t1 - t0
    closing = db
  }
  out.ms = performance.now() - t0 - (out.dbOpen ?? 0)
  await closing?.close()
  clearInterval(timer)
  out.peak = Math.max(peak, process.memoryUsage().rss) - start
  process.stdout.write(JSON.stringify(out))
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/**
 * One commit of N contacts through the app while LISTERS other users page their contacts; their latencies. The server
 * code is imported from `root` (this tree or the baseline's worktree).
 */
async function whileImporting(root, url) {
  const code = `${pathToFileURL(root).href}/`
  const [{ createApp }, { migrate, openDb }, { seedDemo }, { issueToken }, { checkRows }] = await Promise.all([
    import(`${code}server/app.ts`), import(`${code}server/db/index.ts`), import(`${code}server/seed/index.ts`),
    import(`${code}server/security/tokens.ts`), import(`${code}server/routes/lists/address-book-import.ts`),
  ])
  const db = await openDb({ databaseUrl: url })
  try {
    await migrate(db)
    await seedDemo(db, { historyRows: 2_000 })
    const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6 } })
    const tokenOf = async (u) => (await issueToken(db, (await db.query('select id from customer where cus_id = $1', [u])).rows[0].id)).token
    const importer = await tokenOf('acme02')
    const tokens = []
    for (const u of ['globex', 'acme', 'acme01', 'admin']) tokens.push(await tokenOf(u))
    const { rows: g } = await db.query("insert into ab_group (cus_id, group_name) values ('acme02', 'bench') returning group_id")
    const lines = []
    for (let i = 0; i < N; i++) lines.push(`${i + 2}\t${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}\t${13_000_000_000 + ((i * 7919) % 6_999_999_999)}\t${i % 10 ? '' : `u${i}@example.com`}`)
    // The upload as /file/uploadAddressBook leaves it (checked and normalised rows); the commit is what is measured.
    const checked = checkRows(lines.join('\n'))
    const { rows: up } = await db.query('insert into ab_import (cus_id, group_id, rows, row_count, in_file) values ($1, $2, $3, $4, $5) returning upload_id',
      ['acme02', g[0].group_id, checked.lines.join('\n'), checked.lines.length, checked.inFile])
    const latencies = []
    let importEnd = Infinity
    // Each request is timed from when its user meant to send it (the previous answer + THINK_MS): a commit that holds
    // the event loop lets no request even start, and timing from the actual start would hide that wait.
    const lister = async (token) => {
      let due = performance.now()
      while (due < importEnd) {
        const wait = due - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        const res = await app.request('/api/addressBook/list', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ current: 1, size: 20 }),
        })
        await res.arrayBuffer()
        const end = performance.now()
        latencies.push(end - due)
        due = end + THINK_MS
      }
    }
    const started = performance.now()
    const loops = tokens.slice(0, LISTERS).map(lister)
    const res = await app.request('/api/addressBook/addressBookMemberImport', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${importer}` },
      body: JSON.stringify({ upload_id: up[0].upload_id, idempotency_key: randomUUID() }),
    })
    const body = await res.json()
    importEnd = performance.now()
    const importMs = importEnd - started
    await Promise.all(loops)
    if (res.status !== 200 || body.data.added !== N) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`)
    latencies.sort((a, b) => a - b)
    return { importMs, requests: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1) ?? NaN }
  } finally {
    await db.close()
  }
}

async function compareWhileImporting(pg) {
  const side = (root, url) => {
    const out = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--while', root, url], { encoding: 'utf8', maxBuffer: 1 << 24 })
    const line = out.stdout.trim().split('\n').at(-1)
    if (out.status !== 0 || !line?.startsWith('{')) throw new Error(`${root}: ${out.stderr || out.stdout}`)
    return JSON.parse(line)
  }
  const results = {}
  await (process.env.BENCH_BASELINE === '0' ? (fn) => fn(null) : withBaseline)(async (base) => {
    const sides = { [`this tree, ${pg.label}`]: () => withThrowawayDatabase(pg, 'bench_import', (url) => side(resolve('.'), url)) }
    if (base) sides[`baseline ${BASELINE}, ${pg.label}`] = () => withThrowawayDatabase(pg, 'bench_import', (url) => side(base, url))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(sides)) {
        const r = await run()
        ;(results[name] ??= []).push(r)
        console.log(`round ${round + 1}, ${name}: ${JSON.stringify(r)}`)
      }
    }
  })
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const ms = (v) => `${v.toFixed(0)} ms`
  console.log(`\n${N.toLocaleString('en')} contacts committed by one account while ${LISTERS} other users page their contacts (medians of ${ROUNDS}):`)
  console.table(Object.fromEntries(Object.entries(results).map(([name, rs]) => [name, {
    'import stored': ms(median(rs.map((r) => r.importMs))),
    'other requests': median(rs.map((r) => r.requests)),
    'their p50': ms(median(rs.map((r) => r.p50))),
    'their p99': ms(median(rs.map((r) => r.p99))),
    'their max': ms(median(rs.map((r) => r.max))),
  }])))
}

if (process.argv[2] === '--while') {
  console.log(JSON.stringify(await whileImporting(process.argv[3], process.argv[4])))
  process.exit(0)
} else if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4])
  process.exit(0)
}
const pg = await benchPostgres({ asServed: true })
// The children open their databases on this one (lib/throwaway-pg.mjs reads it).
process.env.BENCH_DATABASE_URL = pg.url
try {
  if (process.env.BENCH_IMPORT_ONLY !== 'while') await storeFiles()
  await compareWhileImporting(pg)
} finally {
  await pg.stop()
}

async function storeFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-import-'))
  try {
    const files = []
    for (let from = 0; from < N; from += PER_FILE) {
      files.push(join(dir, `contacts-${from}.xlsx`))
      makeXlsx(files.at(-1), from, Math.min(N, from + PER_FILE))
    }
    console.log(`${N.toLocaleString()} contacts in ${files.length} xlsx files of ${files.map((f) => MB(statSync(f).size)).join(', ')} (upload limit 15 MB)`)
    const run = (variant, file) => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant, file], { encoding: 'utf8', maxBuffer: 1e7 })
      if (r.status !== 0) throw new Error(`${variant}: ${r.stderr}`)
      return JSON.parse(r.stdout)
    }
    const sum = (rs) => ({ ms: rs.reduce((n, r) => n + r.ms, 0), peak: Math.max(...rs.map((r) => r.peak)), upload: rs.reduce((n, r) => n + r.upload, 0),
      rows: rs.reduce((n, r) => n + r.rows, 0), refused: rs.reduce((n, r) => n + (r.refused ?? 0), 0) })
    const parse = sum(files.map((f) => run('parse', f)))
    const sheetjs = sum(files.map((f) => run('sheetjs', f)))
    const store = run('store', files.map((f) => `${f}.rows.tsv`).join(','))
    const floor = run('floor', '')
    console.log('| step (all files) | ours | baseline | |')
    console.log('|---|---|---|---|')
    console.log(`| read + map + check (worker) | ${s(parse.ms)}, peak ${MB(parse.peak)} | ${s(sheetjs.ms)}, peak ${MB(sheetjs.peak)} | SheetJS workbook + sheet_to_json objects |`)
    console.log(`| upload bodies | ${MB(parse.upload)} (${parse.rows.toLocaleString()} rows, ${parse.refused} refused) | ${MB(sheetjs.upload)} | JSON arrays of objects |`)
    console.log(`| check + store (server, ${pg.label}) | ${s(store.ms)} (check ${s(store.check)}), peak ${MB(store.peak)} | ${s(floor.ms)}, peak ${MB(floor.peak)} | one generate_series insert: the database's floor |`)
    console.log(`| end to end | ${s(parse.ms + store.ms)} | | ${store.rows.toLocaleString()} contacts stored |`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
