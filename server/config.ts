import type { Carrier } from './carrier'
import type { Db } from './db'

export interface ServerConfig {
  /** Test-only captcha code accepted besides the drawn one (SMS_CAPTCHA_FIXED); ignored unless 4 characters. */
  captchaFixed?: string
  /** The built console served under /sms-cloud/. */
  distDir: string
  /** Written into /sms-cloud/config.js so one build can talk to another API host. */
  apiBase: string
  /** Allowed browser origin for the API (CORS_ORIGIN), `*` by default. */
  corsOrigin: string
  /** Origin of the short links of link sends (SHORT_LINK_BASE, e.g. https://s.example.cn); unset: the origin the request reached. */
  shortLinkBase?: string
}

export const defaultConfig = (): ServerConfig => ({ distDir: './dist', apiBase: '/api', corsOrigin: '*' })

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    captchaFixed: env.SMS_CAPTCHA_FIXED || undefined,
    distDir: env.DIST_DIR || './dist',
    apiBase: env.API_BASE || '/api',
    corsOrigin: env.CORS_ORIGIN || '*',
    shortLinkBase: env.SHORT_LINK_BASE || undefined,
  }
}

/** Everything a route needs besides the request. */
export interface Deps {
  db: Db
  config: ServerConfig
  carrier: Carrier
  /** The login key pair, loaded (or made) on first use so createApp can stay synchronous. */
  keys: () => Promise<LoginKeys>
}

export interface LoginKeys {
  publicKey: string
  /** PKCS#1 v1.5 plaintext, or null when the cipher text is not ours. */
  decrypt: (cipher: string) => string | null
}
