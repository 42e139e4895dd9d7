import { expose } from 'comlink'
import { countByCallingCode } from './country-counts'

/**
 * countByCallingCode off the main thread. The page keeps its numbers, so their buffer is copied in (one buffer, a
 * structured clone), not transferred; a few counts come back.
 */
const api = { countByCallingCode }

export type CountryCountsWorkerApi = typeof api

expose(api)
