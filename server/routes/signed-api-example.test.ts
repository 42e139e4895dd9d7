import { serve, type ServerType } from '@hono/node-server'
import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { appSecretOf } from '../users/app-secret'
import { setup, type Harness } from '../test/harness'
import { balanceOf } from '../test/send-kit'

const SCRIPT = fileURLToPath(new URL('../../scripts/signed-api-example.mjs', import.meta.url))

/*
 * The signed API's Node example (scripts/signed-api-example.mjs, shown in docs/guide.md) run as a customer would run it: its own process, Node's
 * fetch over a real socket, so its signing and what Node's fetch sends (no Origin, Sec-Fetch-Mode) pass the server.
 */
describe('scripts/signed-api-example.mjs against a started server', () => {
  let h: Harness
  let server: ServerType
  let api: string
  beforeAll(async () => {
    h = await setup({ historyRows: 50 })
    // The harness' app over a public origin of the port the socket got, as `npm start` serves its own.
    const served: { app?: ReturnType<typeof createApp> } = {}
    await new Promise<void>((done) => {
      server = serve({ fetch: (req, env) => served.app!.fetch(req, env), port: 0, hostname: '127.0.0.1' }, () => done())
    })
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    served.app = createApp({ ...h.deps, config: { ...h.deps.config, publicOrigins: [origin] } })
    api = `${origin}/api`
  })
  afterAll(async () => {
    await new Promise((done) => server.close(done))
    await h.close()
  })

  const run = (env: Record<string, string>, ...args: string[]) =>
    promisify(execFile)(process.execPath, [SCRIPT, ...args], { env: { ...process.env, SMS_API: api, ...env } })

  it('reads the balance, sends to one number and queries the batch, with the account\'s app secret', async () => {
    const before = await balanceOf(h.db, 'acme02')
    const { stdout } = await run({ SMS_ACCOUNT: 'acme02', SMS_APP_SECRET: await appSecretOf(h.db, 'acme02'), SMS_SIGNATURE: '艾克米' }, '13900000777')
    const out = JSON.parse(stdout) as { balance: { balance: number }; send: { batch_id: string; numbers: number; cost: number }; batch: { batch_id: string; numbers: number } }
    expect(out.balance.balance).toBe(before)
    expect(out.send).toMatchObject({ numbers: 1, timed: false })
    expect(out.batch).toMatchObject({ batch_id: out.send.batch_id, numbers: 1, content: '【艾克米】Hello from the signed API' })
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - out.send.cost, 3)
  })

  it('fails with the server\'s message under a wrong secret', async () => {
    await expect(run({ SMS_ACCOUNT: 'acme02', SMS_APP_SECRET: '0'.repeat(64) })).rejects.toMatchObject({ stderr: expect.stringContaining('401 The signature does not match') })
  })
})
