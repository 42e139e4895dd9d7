// Installs dependencies when node_modules is missing or older than the lockfile, so that `npm start` and
// `npm test` work on a fresh clone. Uses only Node built-ins: it runs before anything is installed.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const marker = 'node_modules/.package-lock.json'
const lock = 'package-lock.json'
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000)
if (stale) {
  console.log('[setup] installing dependencies…')
  execSync(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', { stdio: 'inherit' })
}
