import type { ListDefinition } from '@/grid'
import { materialsList } from './materials.list'

export const lists: ListDefinition[] = [materialsList]
export { materialCommands } from './materials.commands'
