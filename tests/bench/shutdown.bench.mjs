// How long a stop takes with nothing in flight: the server answered a few requests on keep-alive connections that
// are idle when SIGTERM comes, and the time is from the signal to the process's exit (the server and its embedded
// PostgreSQL). Beside it, in the same run, the same server keeping idle connections for Node's default keep-alive
// time of 5 s (KEEP_ALIVE_TIMEOUT_MS=5000). BENCH_RUNS (default 3) alternating rounds; the target is ≤ 3 s.
import http from 'node:http'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { startServer } from './server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')

async function stopTime(env) {
  const s = await startServer(env, { waitSeconds: 300 })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  const get = () => new Promise((resolve, reject) => {
    http.get(`${s.base}/readyz`, { agent }, (res) => { res.resume(); res.on('end', resolve) }).on('error', reject)
  })
  // Four connections, each answered and then left idle, as a browser's would be.
  await Promise.all([get(), get(), get(), get()])
  const keepAlive = await new Promise((resolve) => http.get(`${s.base}/readyz`, { agent }, (res) => { res.resume(); resolve(res.headers['keep-alive'] ?? '') }))
  const t0 = performance.now()
  await s.stop()
  const ms = performance.now() - t0
  agent.destroy()
  return { ms, keepAlive }
}

const rows = []
for (let i = 0; i < RUNS; i++) {
  for (const [name, env] of [['today', {}], ['baseline: idle connections kept 5 s', { KEEP_ALIVE_TIMEOUT_MS: '5000' }]]) {
    const { ms, keepAlive } = await stopTime(env)
    rows.push({ name, ms, keepAlive })
    console.log(`${name.padEnd(40)} stop ${(ms / 1000).toFixed(2)} s  (Keep-Alive: ${keepAlive}; load ${load()})`)
  }
}
for (const name of new Set(rows.map((r) => r.name))) {
  const ms = rows.filter((r) => r.name === name).map((r) => r.ms).sort((a, b) => a - b)
  console.log(`${name.padEnd(40)} median ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(2)} s over ${ms.length}`)
}
