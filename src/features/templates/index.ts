import type { ListDefinition } from '@/grid'
import { contentTemplatesList, cspTemplatesList, videoTemplatesList } from './templates.list'

export const lists: ListDefinition[] = [contentTemplatesList, videoTemplatesList, cspTemplatesList]
export { templateCommands } from './templates.commands'
