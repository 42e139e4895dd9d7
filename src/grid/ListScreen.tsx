import type { ListDefinition } from './define-list'

export interface ListScreenOwnProps {
  list: ListDefinition
  /** The menu's title; the declaration's own title when absent. */
  title?: string
}

export function ListScreen({ list, title }: ListScreenOwnProps) {
  return <section data-list={list.id}>{title}</section>
}
