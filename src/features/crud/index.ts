import type { ListDefinition } from '@/grid'
import { crudList } from './crud.list'

export const lists: ListDefinition[] = [crudList]
