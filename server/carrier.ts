/** A sent text as the carrier simulator recorded it. */
export interface OutboxEntry {
  phone: string
  text: string
  at: Date
}

const OUTBOX_SIZE = 100

/**
 * Stands in for the SMS gateway: nothing leaves the machine. In demo mode the text goes to the server log so a
 * person can read their login code; tests read the outbox instead.
 */
export class Carrier {
  readonly outbox: OutboxEntry[] = []

  constructor(private readonly opts: { log?: boolean } = {}) {}

  async sendText(phone: string, text: string): Promise<void> {
    this.outbox.push({ phone, text, at: new Date() })
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.splice(0, this.outbox.length - OUTBOX_SIZE)
    if (this.opts.log) console.log(`[carrier] SMS to ${phone}: ${text}`)
  }

  /** The newest text sent to `phone`, for tests. */
  lastTo(phone: string): OutboxEntry | undefined {
    return this.outbox.findLast((e) => e.phone === phone)
  }
}
