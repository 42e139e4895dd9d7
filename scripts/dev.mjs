// `npm run dev`: the reference server (restarting on change) plus Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process'
import { bin } from './lib.mjs'

const children = [
  // tsx watch waits for the old process to exit (it stops its embedded PostgreSQL) before starting the new one; one
  // it had to kill leaves its PostgreSQL running, and the new one stops that first (server/db/embedded.ts).
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { LOG_FORMAT: 'pretty', ...process.env } }),
  spawn(bin('vite'), ['--host', process.env.HOST ?? '127.0.0.1'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0 }))
