import type { TestProject } from 'vitest/node'
import { DEMO_ACCOUNTS } from '../seed'
import { hashPassword } from '../security/password'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo accounts' password hashes, made once per run (harness.ts seeds every database with them). */
    demoPasswordHashes: Record<string, string>
  }
}

/**
 * Once per `vitest run`, before any test file: scrypt is slow on purpose (~50 ms a password), and every setup() of
 * every server test seeded nine accounts, on each database, with hashes made afresh: about a minute of CPU a run.
 */
export default async function globalSetup(project: TestProject) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.password, await hashPassword(a.password)] as const))
  project.provide('demoPasswordHashes', Object.fromEntries(hashes))
}
