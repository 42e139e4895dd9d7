import { join } from 'node:path'
import { FileStore } from './file-store'
import { S3Store, type S3Settings } from './s3-store'
import type { ObjectStore } from './store'

export { objectKey, type ObjectStore } from './store'
export type { S3Settings } from './s3-store'

/** The S3 store when configured, else files under `filesDir` (DATA_DIR/files). */
export function openStore(opts: { s3?: S3Settings; filesDir?: string }): ObjectStore {
  return opts.s3 ? new S3Store(opts.s3) : new FileStore(opts.filesDir ?? join('.data', 'files'))
}
