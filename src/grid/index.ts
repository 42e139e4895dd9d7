export * from './define-list'
export { listKeys } from './keys'
export { ListScreen, listScreen, type ListScreenProps } from './lazy-screen'
export { dayInListZone, shortcutRange } from './date-shortcuts'
