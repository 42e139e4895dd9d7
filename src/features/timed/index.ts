import type { ListDefinition } from '@/grid'
import { timedBatchesList, timedDetailsList } from './timed.list'

export const lists: ListDefinition[] = [timedBatchesList, timedDetailsList]
