import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configFromSettings, ESSENTIAL_SETTINGS, readSettings, settingsTable, variables } from './config'

describe('settings from the environment', () => {
  it('gives every variable its default when nothing is set, and empty counts as unset', () => {
    const s = readSettings({ PORT: '', HOST: '' })
    expect(s).toMatchObject({ HOST: '127.0.0.1', PORT: 8080, SEND_WORKERS: true, HTTPS: false, LIST_COUNT_CACHE_MS: 5000, LIST_TOTALS: 'rollup' })
    expect(s.DATABASE_URL).toBeUndefined()
    expect(configFromSettings(s)).toMatchObject({ filesDir: '.data/files', pushRetryFirstMs: 30_000, s3: undefined })
  })

  it('reads types: numbers, flags, origins', () => {
    const s = readSettings({ PORT: '8231', SEND_WORKERS: '0', HTTPS: '1', ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080/', RATE_LIMIT_SCALE: '0.5' })
    expect(s).toMatchObject({ PORT: 8231, SEND_WORKERS: false, HTTPS: true, RATE_LIMIT_SCALE: 0.5 })
    expect(s.ALLOWED_ORIGINS).toEqual(['https://a.example.com', 'http://b.example.com:8080'])
  })

  it('refuses a bad value, naming the variable, its value and its rule, every bad one at once', () => {
    const bad = () => readSettings({ PORT: '80x', UE_CHECK_FAIL_SHARE: '2', HTTPS: 'yes', FRAME_ORIGINS: 'https://ok.example.com,not-an-origin' })
    expect(bad).toThrow(/PORT="80x": must be a whole number 0–65535/)
    expect(bad).toThrow(/UE_CHECK_FAIL_SHARE="2": must be a share 0–1/)
    expect(bad).toThrow(/HTTPS="yes": must be 0 or 1/)
    expect(bad).toThrow(/FRAME_ORIGINS=.*must be comma-separated origins/)
    expect(() => readSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => readSettings({ SMS_CAPTCHA_FIXED: 'ABC' })).toThrow(/SMS_CAPTCHA_FIXED="ABC": must be 4 characters/)
  })

  it('serves the loopback names of its port unless PUBLIC_ORIGIN names the public origins, which short links then start with', () => {
    expect(configFromSettings(readSettings({ PORT: '8231' }))).toMatchObject({ publicOrigins: ['http://127.0.0.1:8231', 'http://localhost:8231'], shortLinkBase: undefined })
    const s = readSettings({ PUBLIC_ORIGIN: 'https://sms.example.com, https://console.example.com:8443/' })
    expect(configFromSettings(s).publicOrigins).toEqual(['https://sms.example.com', 'https://console.example.com:8443'])
    expect(() => readSettings({ PUBLIC_ORIGIN: 'sms.example.com' })).toThrow(/PUBLIC_ORIGIN="sms.example.com": must be comma-separated origins/)
    expect(() => readSettings({ PUBLIC_ORIGIN: 'https://sms.example.com/console' })).toThrow(/PUBLIC_ORIGIN=/)
  })

  it('takes S3 only with its bucket and credentials, naming what is missing', () => {
    expect(() => readSettings({ S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/)
    expect(() => readSettings({ S3_URL: 'ftp://x', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_URL="ftp:\/\/x"/)
    const s = readSettings({ S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })
    expect(configFromSettings(s).s3).toMatchObject({ region: 'us-east-1', bucket: 'b' })
  })

  it('is the settings tables of docs/operations.md and the README, each generated from the schema', () => {
    const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
    const operations = read('../docs/operations.md')
    // Regenerate with: npx tsx -e "import('./server/config.ts').then((m) => console.log(m.settingsTable('setting')))"
    for (const kind of ['setting', 'tuning', 'test'] as const) expect(operations, `docs/operations.md's ${kind} table`).toContain(settingsTable(kind))
    const readme = read('../README.md')
    expect(readme, 'the README\'s essential settings').toContain(settingsTable('setting', ESSENTIAL_SETTINGS))
    for (const [name, x] of Object.entries(variables)) {
      if (x.kind === 'bench') expect(operations + readme).not.toContain(`| \`${name}\``)
      if (x.kind !== 'setting') expect(readme).not.toContain(`| \`${name}\``)
    }
  })
})
