import { pino, type Logger } from 'pino'

export type { Logger }

/**
 * Keys whose values never reach the log, wherever they sit one level down: what a request or a job might carry that
 * a log reader must not see. Bodies are not logged at all; this is the net under mistakes.
 */
const SECRET_KEYS = ['password', 'passwd', 'cipher', 'token', 'appSecret', 'secret', 'smsCode', 'content', 'text', 'authorization', 'cookie']
export const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie']

export interface LogOptions {
  level: string
  /** Human-readable lines (pino-pretty, a development dependency) instead of JSON. */
  pretty?: boolean
  /** Where JSON lines go (tests); default stdout. */
  destination?: NodeJS.WritableStream
}

/** The server's logger: JSON lines with pid, time and level; main.ts makes it and hands it to setLogger. */
export function createLogger(o: LogOptions): Logger {
  const options = {
    level: o.level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  }
  if (o.pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' } } })
  return o.destination ? pino(options, o.destination) : pino(options)
}

/** A mobile number as logs show it: the first three and last four digits (13812345678 → 138****5678). */
export function maskMobile(mobile: string): string {
  const m = mobile.trim()
  return m.length >= 8 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****'
}

// Until main.ts sets the server's logger (unit tests, benchmarks): warnings and errors only, to stderr.
let current: Logger = pino({ level: 'warn', base: { pid: process.pid }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, pino.destination(2))

/** Makes `l` the process' one logger: background jobs, the request log and every other line go through it. */
export function setLogger(l: Logger): void {
  current = l
}

export const logger = (): Logger => current
