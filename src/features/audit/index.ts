import type { ListDefinition } from '@/grid'
import { auditList } from './audit.list'

export const lists: ListDefinition[] = [auditList]
