// The baseline of a benchmark that compares this tree with the code it started from: commit BENCH_BASELINE_COMMIT
// (default HEAD~, the commit before the last; HEAD compares uncommitted work, any commit or branch works) checked out
// into a temporary git worktree with this checkout's node_modules, removed again whatever happens. A benchmark runs
// the baseline's own code from that folder beside this tree's, on the same database server, in the same run.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const named = process.env.BENCH_BASELINE_COMMIT ?? 'HEAD~'
/** The baseline's short commit id, with the name it was given when that was not the id itself. */
export const BASELINE = (() => {
  const id = execFileSync('git', ['rev-parse', '--short', named], { encoding: 'utf8' }).trim()
  return id.startsWith(named) ? id : `${named} = ${id}`
})()

/**
 * Runs `fn(dir, work)` with the baseline (or another `commit`) checked out in `dir` (and, with `build`, its server
 * compiled into dir/dist-server); `work` is a temporary folder beside it for data, removed afterwards.
 */
export async function withBaseline(fn, { build = false, commit = named } = {}) {
  const root = resolve('.')
  const work = mkdtempSync(join(tmpdir(), 'sms-bench-baseline-'))
  // As root the embedded PostgreSQL runs as the user postgres, which has to reach its folder.
  chmodSync(work, 0o755)
  const dir = join(work, 'baseline')
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { stdio: 'ignore' })
  try {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    if (build) {
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'ignore' })
      if (!existsSync(join(dir, 'dist-server/main.js'))) throw new Error(`the baseline ${commit} did not compile`)
    }
    return await fn(dir, work)
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' })
    rmSync(work, { recursive: true, force: true })
  }
}
