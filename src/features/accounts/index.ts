import type { ListDefinition } from '@/grid'
import { customersList, subAccountsList } from './accounts.list'

export const lists: ListDefinition[] = [subAccountsList, customersList]
