import type { ListDefinition } from '@/grid'
import { signaturesList } from './signatures.list'

export const lists: ListDefinition[] = [signaturesList]
export { signatureCommands } from './signatures.commands'
