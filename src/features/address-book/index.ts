import type { ListDefinition } from '@/grid'
import { contactsList, groupsList } from './address-book.list'

export const lists: ListDefinition[] = [contactsList, groupsList]
