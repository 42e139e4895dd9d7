import type { ListDefinition } from '@/grid'
import { blacklistStatsList, checkBatchesList, portingStatsList, statusStatsList, ueList } from './number-check.list'

export const lists: ListDefinition[] = [statusStatsList, blacklistStatsList, portingStatsList, ueList, checkBatchesList]
