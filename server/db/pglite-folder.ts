import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Earlier versions kept the database in DATA_DIR/pglite (PGlite, PostgreSQL in WebAssembly). */
export const PGLITE_DIR = 'pglite'

/** DATA_DIR holds a PGlite database not carried over yet: the operator imports it (or moves it away) first. */
export class PgliteFolderError extends Error {}

/** Whether DATA_DIR holds a PGlite database and no embedded PostgreSQL one yet. */
export function pgliteAwaitingImport(dataDir: string): boolean {
  return existsSync(join(dataDir, PGLITE_DIR, 'PG_VERSION')) && !existsSync(join(dataDir, 'postgres', 'PG_VERSION'))
}

/**
 * Refuses to start beside a PGlite database that was not imported: starting would make a new, empty (demo) database
 * and the operator's data would look lost. The old folder is never deleted or overwritten.
 */
export async function refuseBesidePglite(dataDir: string): Promise<void> {
  if (!pgliteAwaitingImport(dataDir)) return
  const from = resolve(dataDir, PGLITE_DIR)
  throw new PgliteFolderError(`DATA_DIR ${resolve(dataDir)} holds a PGlite database (${from}), written by an earlier version of this server, ` +
    'and no PostgreSQL database yet. The server now runs PostgreSQL and does not start beside it, so nothing of it looks lost: ' +
    `carry it over with \`npm run import-pglite\` (it copies every table into ${resolve(dataDir, 'postgres')}, then renames the old folder ` +
    `to ${PGLITE_DIR}.imported-<date>), then start again. To start with new demo data instead, move ${from} out of DATA_DIR.`)
}
