import type { ListDefinition } from '@/grid'
import { timedLists } from './timed.list'

export const lists: ListDefinition[] = timedLists
