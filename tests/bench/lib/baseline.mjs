// The baseline of a benchmark that compares the product with the one before PGlite left the runtime: commit
// BENCH_BASELINE_COMMIT (default fccbc71, the last whose server ran PGlite) checked out into a temporary git
// worktree, with this checkout's node_modules (PGlite stays a devDependency for `npm run import-pglite`), removed
// again whatever happens. A benchmark runs the baseline's own code from that folder beside this tree's, in the same run.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const BASELINE = process.env.BENCH_BASELINE_COMMIT ?? 'fccbc71'

/**
 * Runs `fn(dir, work)` with the baseline (or another `commit`) checked out in `dir` (and, with `build`, its server
 * compiled into dir/dist-server); `work` is a temporary folder beside it for data, removed afterwards.
 */
export async function withBaseline(fn, { build = false, commit = BASELINE } = {}) {
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
