// Installs dependencies when node_modules is missing or older than the lockfile, so that `npm start` and
// `npm test` work on a fresh clone. Uses only Node built-ins: it runs before anything is installed.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const marker = 'node_modules/.package-lock.json'
const lock = 'package-lock.json'
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000)
if (stale) {
  console.log('[setup] installing dependencies…')
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (tailwind's oxide binaries) out
  // of the lockfile and then `npm ci` refuses that same lockfile as out of sync. With a lockfile present,
  // `npm install` installs exactly what it pins.
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' })
}
