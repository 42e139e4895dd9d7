/*
 * Numbers one screen hands to the bulk send page (a number check's "send to the live numbers"): set just before
 * navigating there and taken once by the page, which reads them as its recipients. In memory only: a reload drops
 * them (the send page's own draft then applies), and nothing outlives log-out's full reload.
 */
let pending: string | null = null

/** Newline-separated numbers for the next bulk send page that opens. */
export function handRecipients(numbers: string): void {
  pending = numbers
}

/** The numbers handed over, once; null when none are waiting. */
export function takeRecipients(): string | null {
  const n = pending
  pending = null
  return n
}
