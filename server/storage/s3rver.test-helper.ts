import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from './s3-store'

/** A local S3-compatible server (s3rver) on a free port with one empty bucket, for the S3 path of the tests. */
export async function startS3(bucket = 'materials'): Promise<{ settings: S3Settings; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = (await server.run()) as { port: number }
  return {
    // s3rver's fixed credentials; it checks the SigV4 signature with them.
    settings: { url: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    stop: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
