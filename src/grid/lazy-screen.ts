import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ListDefinition } from './define-list'

/** Same shape as ScreenProps of src/app/screens/screen-props.ts (the grid layer may not import app). */
export interface ListScreenProps {
  path: string
  title: string
}

type Loader<T> = () => Promise<T>
const loadEngine = () => import('./ListScreen')

/*
 * AG Grid and the engine live only in this dynamic chunk, so sign-in and the shell never download them.
 * `wrap` lets the app layer add its chunk time-out (withChunkTimeout) without the grid importing app code.
 */
export const ListScreen = lazy(() => loadEngine().then((m) => ({ default: m.ListScreen })))

/**
 * Fetches the engine's chunk ahead of the first list (AG Grid is most of the console's bytes): called once the shell
 * is idle after sign-in, so opening a list no longer waits for it. A failure here is silent; the list's own load
 * reports it, with its time-out, when it is opened.
 */
export function preloadListEngine(): void {
  loadEngine().catch(() => undefined)
}

/** A menu screen for one declaration: `REAL_SCREENS[def.path] = listScreen(def, withChunkTimeout)`. */
export function listScreen(
  def: ListDefinition,
  wrap: <T>(load: Loader<T>) => Loader<T> = (load) => load,
): LazyExoticComponent<ComponentType<ListScreenProps>> {
  return lazy(
    wrap(() =>
      loadEngine().then((m) => ({
        default: (props: ListScreenProps) => createElement(m.ListScreen, { list: def, title: props.title }),
      })),
    ),
  )
}
