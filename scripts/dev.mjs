// `npm run dev`: the reference server (restarting on change) plus Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process'
import { bin } from './lib.mjs'

const children = [
  // A restart's new process waits for the old one to close PGlite and release DATA_DIR's lock instead of refusing.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { DATA_DIR_LOCK_WAIT_MS: '30000', ...process.env },
  }),
  spawn(bin('vite'), ['--host', process.env.HOST ?? '127.0.0.1'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0 }))
