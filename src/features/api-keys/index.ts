import type { ListDefinition } from '@/grid'
import { apiKeysList } from './api-keys.list'

export const lists: ListDefinition[] = [apiKeysList]
export { apiKeyCommands } from './api-keys.commands'
