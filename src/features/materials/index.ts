import type { ListDefinition } from '@/grid'
import { materialsList, videoMaterialsList } from './materials.list'

export const lists: ListDefinition[] = [materialsList, videoMaterialsList]
export { materialCommands } from './materials.commands'
