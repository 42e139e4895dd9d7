#!/usr/bin/env node
// A customer's system calling the signed API (/api/open/v1) with nothing but Node 20: node:crypto and fetch.
//
//   SMS_API=http://127.0.0.1:8080/api SMS_ACCOUNT=acme SMS_APP_SECRET=<the settings page's app secret> \
//     SMS_SIGNATURE=艾克米 node scripts/signed-api-example.mjs 13800138000
//
// Prints the balance, sends "【<SMS_SIGNATURE>】Hello from the signed API" to the number given (when one is) and
// queries its batch. A domestic text must start with an approved signature of the account's enterprise (the
// signatures page lists them), so SMS_SIGNATURE names one; without it no text is sent.
// server/routes/signed-api-example.test.ts runs it against a started server.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'

/** POSTs `body` as JSON to `path` (e.g. /open/v1/account/balance) under `api`, signed with the app secret. */
export async function signedCall({ api, account, secret }, path, body = {}) {
  const url = new URL(`${api.replace(/\/$/, '')}${path}`)
  const text = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(16).toString('hex')
  const bodySha256 = createHash('sha256').update(text).digest('hex')
  const canonical = ['POST', url.pathname, account, timestamp, nonce, bodySha256].join('\n')
  const signature = createHmac('sha256', secret).update(canonical).digest('hex')
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      'x-sms-account': account,
      'x-sms-timestamp': timestamp,
      'x-sms-nonce': nonce,
      'x-sms-signature': signature,
    },
    body: text,
  })
  const reply = await res.json()
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${reply.msg}`)
  return reply.data
}

async function main() {
  const client = { api: process.env.SMS_API ?? 'http://127.0.0.1:8080/api', account: process.env.SMS_ACCOUNT, secret: process.env.SMS_APP_SECRET }
  if (!client.account || !client.secret) throw new Error('set SMS_ACCOUNT and SMS_APP_SECRET')
  const out = { balance: await signedCall(client, '/open/v1/account/balance') }
  const mobile = process.argv[2]
  if (mobile) {
    const signature = process.env.SMS_SIGNATURE
    if (!signature) throw new Error('set SMS_SIGNATURE to an approved signature of your enterprise (e.g. 艾克米) to send')
    const content = `【${signature}】Hello from the signed API`
    // Keep the key with the message: sending it again after a time-out returns the first reply, not a second send.
    out.send = await signedCall(client, '/open/v1/sms/send', { idempotency_key: randomUUID(), content, mobiles: [mobile] })
    out.batch = await signedCall(client, '/open/v1/batch/query', { batch_id: out.send.batch_id })
  }
  console.log(JSON.stringify(out, null, 2))
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e.message)
    process.exit(1)
  })
}
