/*
 * The server list toolkit (docs/lists.md, "Server toolkit"): every list endpoint builds its WHERE with `Where`
 * (tenant scope, filters, time window), its order with `orderClause` (whitelist + primary-key tiebreak), answers
 * with `listPage` (page + total + totals in one round trip), and streams its download with `keysetBatches` +
 * `downloadResponse` (csv or xlsx, constant memory).
 */
export { Where, orderClause, pageClause, present, type SortMap, type SortColumn } from './sql'
export { listPage, countRows, FEW_ROWS, type PageSpec, type TotalQuery } from './page'
export { CountCache } from './count-cache'
export { keysetBatches, DOWNLOAD_BATCH, type KeysetSpec } from './keyset'
export { bulkBatches } from './bulk-read'
export { downloadResponse, type DownloadSpec, type FileColumn } from './download'
export { type Cell } from './writers'
