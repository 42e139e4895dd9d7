/** Classes shared by the palette and the shortcut sheet; colours come from the theme's CSS variables. */
export const overlayClass = 'fixed inset-0 z-50 bg-black/40'

export const panelClass =
  'fixed left-1/2 top-[12vh] z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--surface)] text-[var(--text)] shadow-2xl outline-none'
