// A child process for data-lock.test.ts: `READY`, then (after a `go` line on stdin when racing) tries DATA_DIR's
// lock and prints `WON <pid> <pid taken over from>` and holds it until SIGTERM, or `REFUSED <message as JSON>`.
// `slow-race` pauses 200 ms after each read of the lock file, so racers judge a stale lock at the same time and act
// on what they read well after the others have acted: the interleaving a takeover must survive.
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { createInterface } from 'node:readline'
import { DataLockError, lockDataDir } from '../db/data-lock'

const [dir, mode = 'hold', waitMs = '0'] = process.argv.slice(2)

if (mode === 'slow-race') {
  const read = fs.readFileSync
  fs.readFileSync = ((...args: Parameters<typeof read>) => {
    const out = read(...args)
    if (String(args[0]).endsWith('server.lock')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200)
    return out
  }) as typeof read
  syncBuiltinESMExports()
}

async function main() {
  console.log('READY')
  if (mode !== 'hold') {
    for await (const line of createInterface({ input: process.stdin })) if (line === 'go') break
  }
  try {
    const lock = await lockDataDir(dir, { waitMs: Number(waitMs) })
    process.on('exit', () => lock.release())
    process.on('SIGTERM', () => process.exit(0))
    console.log(`WON ${process.pid} ${lock.tookOverFrom?.pid ?? ''}`)
    setInterval(() => {}, 60_000)
  } catch (e) {
    if (!(e instanceof DataLockError)) throw e
    console.log(`REFUSED ${JSON.stringify(e.message)}`)
    process.exit(3)
  }
}
void main()
