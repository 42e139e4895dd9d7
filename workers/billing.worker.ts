import { expose } from 'comlink'
import { measureContent, measureTemplateRows } from './billing'

/**
 * Billing off the main thread for a point-to-point send: the caller transfers the columns' buffers in
 * (`transfer(columns, columns.flatMap((c) => [c.offsets.buffer, c.bytes.buffer]))`) and gets a few totals back.
 */
const api = { measureContent, measureTemplateRows }

export type BillingWorkerApi = typeof api

expose(api)
