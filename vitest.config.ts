import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The server files that pin memory: heap growth (server/test/memory.ts) or the process's peak RSS. */
const MEMORY_FILES = [
  'server/lists/writers.test.ts', 'server/http/form-guard.test.ts', 'server/routes/send/p2p-limits.test.ts',
  'server/routes/send/link-limits.test.ts', 'server/send/send-memory.test.ts',
]

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores; server test files share one PostgreSQL (server/test/global-setup.ts), each in its own database.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The console's list contract runs against the server's own routes (its harness), so it is a server file.
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'src/app/screens/lists.contract.test.ts', 'src/app/screens/export-download.contract.test.ts'],
          exclude: MEMORY_FILES,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Each file builds its own app on its own database (harness.ts) and keeps no state in a module of its own, so
          // the files of a worker share one module graph: the server's ~300 modules are loaded once a worker, not once
          // a file (in isolation loading them cost about a third of the suite's time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Heap bounds (server/test/memory.ts) measured in a process of their own: in a worker that has run other
          // files the young generation has grown to its maximum, and its garbage would count against the bound.
          name: 'server-memory',
          include: MEMORY_FILES,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'workers/**/*.test.ts'],
          exclude: ['src/app/screens/lists.contract.test.ts', 'src/app/screens/export-download.contract.test.ts'],
          // A file that needs a DOM opts in with a `// @vitest-environment happy-dom` comment.
          environment: 'node',
        },
      },
      {
        extends: true,
        // Component tests (Testing Library): the DOM, and no PostgreSQL.
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/test/dom-setup.ts'],
        },
      },
    ],
  },
})
