import { join } from 'node:path'
import { FileStore } from './file-store'
import { S3Store, type S3Settings } from './s3-store'
import type { ObjectStore } from './store'

export { objectKey, type ObjectStore } from './store'
export type { S3Settings } from './s3-store'

/** S3_URL with S3_BUCKET and its credentials, or nothing (files). A half-set S3 configuration stops the start. */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_URL) return undefined
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k])
  if (missing.length) throw new Error(`S3_URL is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`)
  if (!URL.canParse(env.S3_URL) || !/^https?:$/.test(new URL(env.S3_URL).protocol)) throw new Error(`S3_URL: ${JSON.stringify(env.S3_URL)} is not an http(s) address`)
  return {
    url: env.S3_URL, bucket: env.S3_BUCKET!, region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  }
}

/** The S3 store when configured, else files under `filesDir` (DATA_DIR/files). */
export function openStore(opts: { s3?: S3Settings; filesDir?: string }): ObjectStore {
  return opts.s3 ? new S3Store(opts.s3) : new FileStore(opts.filesDir ?? join('.data', 'files'))
}
