import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

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
          name: 'node',
          include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A file that needs a DOM opts in with a `// @vitest-environment happy-dom` comment.
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
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
