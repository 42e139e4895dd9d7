// Compiles the server for production: server/main.ts and server/cluster.ts bundled by esbuild into dist-server/
// (plain ES modules Node runs without a TypeScript loader). Packages stay external, resolved from node_modules at
// run time (the embedded PostgreSQL's binaries are found in their own package); the SQL migrations are copied beside the
// bundle because server/db/migrate.ts reads them relative to its own module. `npm run dev` and the tests keep tsx.
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

export const SERVER_OUT = 'dist-server'

/** `out`: another folder (a test builds its own copy). */
export async function buildServer(out = SERVER_OUT) {
  const started = Date.now()
  rmSync(out, { recursive: true, force: true })
  await build({
    entryPoints: ['server/main.ts', 'server/cluster.ts'],
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  })
  cpSync('server/db/migrations', `${out}/migrations`, { recursive: true })
  console.log(`✓ server compiled into ${out}/ (${((Date.now() - started) / 1000).toFixed(1)}s)`)
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer()
