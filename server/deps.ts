import type { Carrier } from './carrier'
import type { ServerConfig } from './config'
import type { Db } from './db'
import type { ObjectStore } from './storage'

/** Everything a route or a job needs besides the request: built once at start (server/make-deps.ts) and handed down. */
export interface Deps {
  db: Db
  config: ServerConfig
  carrier: Carrier
  /** Uploaded media (server/storage): files under DATA_DIR/files, or an S3-compatible bucket. */
  storage: ObjectStore
  /** The login key pair, loaded (or made) on first use so createApp can stay synchronous. */
  keys: () => Promise<LoginKeys>
}

export interface LoginKeys {
  publicKey: string
  /** PKCS#1 v1.5 plaintext, or null when the cipher text is not ours. */
  decrypt: (cipher: string) => string | null
}
