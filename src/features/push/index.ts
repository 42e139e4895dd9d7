import type { ListDefinition } from '@/grid'
import { pushLogList } from './push-log.list'

export const lists: ListDefinition[] = [pushLogList]
