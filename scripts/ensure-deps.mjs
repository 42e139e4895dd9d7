// Installs dependencies when node_modules is missing or older than the lockfile, so that `npm start` and
// `npm test` work on a fresh clone. Uses only Node built-ins: it runs before anything is installed.
// `npm ci` installs exactly what package-lock.json pins (and refuses a lockfile that disagrees with package.json);
// the postinstall scripts it runs (embedded PostgreSQL's library links, esbuild) are the ones package.json allows.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const marker = 'node_modules/.package-lock.json'
const lock = 'package-lock.json'
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000)
if (stale) {
  console.log('[setup] installing dependencies (npm ci)…')
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' })
}
