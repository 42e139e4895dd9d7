/** What every menu screen receives: its own path and the title the menu gave it. */
export interface ScreenProps {
  path: string
  title: string
}
