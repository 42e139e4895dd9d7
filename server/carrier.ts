import { appendFile } from 'node:fs/promises'
import { logger, maskMobile } from './log'

/** A sent text as the carrier simulator recorded it. */
export interface OutboxEntry {
  phone: string
  text: string
  at: Date
}

const OUTBOX_SIZE = 100

/**
 * Stands in for the SMS gateway: nothing leaves the machine. The log says a text went out (number masked, no text:
 * texts carry sign-in codes); in-process tests read `outbox`, browser tests the file CARRIER_OUTBOX names.
 */
export class Carrier {
  readonly outbox: OutboxEntry[] = []

  constructor(private readonly opts: { log?: boolean; outboxFile?: string } = {}) {}

  async sendText(phone: string, text: string): Promise<void> {
    const entry = { phone, text, at: new Date() }
    this.outbox.push(entry)
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.splice(0, this.outbox.length - OUTBOX_SIZE)
    if (this.opts.log) logger().info({ to: maskMobile(phone), chars: text.length }, 'carrier: SMS sent')
    if (this.opts.outboxFile) await appendFile(this.opts.outboxFile, `${JSON.stringify(entry)}\n`)
  }

  /** The newest text sent to `phone`, for tests. */
  lastTo(phone: string): OutboxEntry | undefined {
    return this.outbox.findLast((e) => e.phone === phone)
  }
}
