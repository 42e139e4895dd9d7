import type { ListDefinition } from '@/grid'
import { epRechargeRecordsList, rechargeRecordsList } from './recharge.list'

export const lists: ListDefinition[] = [rechargeRecordsList, epRechargeRecordsList]
