// Compiles the server for production: server/main.ts and server/cluster.ts bundled by esbuild into dist-server/
// (plain ES modules Node runs without a TypeScript loader). Packages stay external, resolved from node_modules at
// run time (the embedded PostgreSQL's binaries are found in their own package); the SQL migrations are copied beside the
// bundle because server/db/migrate.ts reads them relative to its own module. `npm run dev` and the tests keep tsx.
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

export const SERVER_OUT = 'dist-server'

export async function buildServer() {
  const started = Date.now()
  rmSync(SERVER_OUT, { recursive: true, force: true })
  await build({
    entryPoints: ['server/main.ts', 'server/cluster.ts'],
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  })
  cpSync('server/db/migrations', `${SERVER_OUT}/migrations`, { recursive: true })
  console.log(`✓ server compiled into ${SERVER_OUT}/ (${((Date.now() - started) / 1000).toFixed(1)}s)`)
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer()
