import type { ListDefinition } from '@/grid'
import { batchStatsList } from './batch-stats.list'
import { failureStatsList } from './failure-stats.list'
import { countryStatsList, cspSendStatsList, intlSendStatsList, sendStatsList, videoSendStatsList } from './send-stats.list'

export const lists: ListDefinition[] = [
  batchStatsList, failureStatsList, sendStatsList, intlSendStatsList, videoSendStatsList, cspSendStatsList, countryStatsList,
]
