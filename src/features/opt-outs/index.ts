import type { ListDefinition } from '@/grid'
import { optOutsList } from './opt-outs.list'

export const lists: ListDefinition[] = [optOutsList]
export { optOutCommands } from './opt-outs.commands'
