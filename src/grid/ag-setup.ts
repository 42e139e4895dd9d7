import {
  CellStyleModule, ClientSideRowModelModule, ColumnApiModule, ColumnAutoSizeModule, EventApiModule, LocaleModule,
  ModuleRegistry, PinnedRowModule, RenderApiModule, RowApiModule, RowSelectionModule, RowStyleModule, ScrollApiModule, TooltipModule,
  ValidationModule, colorSchemeDark, colorSchemeLight, themeQuartz,
} from 'ag-grid-community'

/*
 * Only the AG Grid modules the engine uses, so the lazy grid chunk stays small. Paging, sorting and
 * filtering are the server's, so no filter, sort-model or pagination modules. Validation (which names a missing
 * module in the console) only in development builds.
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PinnedRowModule,
  CellStyleModule,
  RowStyleModule,
  TooltipModule,
  ColumnAutoSizeModule,
  ColumnApiModule,
  RowApiModule,
  RenderApiModule,
  ScrollApiModule,
  // Content columns wrap to three lines (column-types.ts): the row grows to its cells.
 
  // The checkbox column of `selectable` lists (Space on a focused row toggles it).
  RowSelectionModule,
  // The grid's own screen-reader words (selection column) in the console's language: ListGrid's localeText.
  LocaleModule,
  // Column drag (move) and resize are part of the core in v36; DragAndDropModule is only for external drops.
  EventApiModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
])

/** Dense rows that follow the console's theme variables; dark themes switch the scheme (scrollbars, inputs). */
const base = themeQuartz.withParams({
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  borderColor: 'var(--border)',
  accentColor: 'var(--primary)',
  // A row's check box is a field: its edge at 3:1 (WCAG 1.4.11), not the grid's faint default.
  checkboxUncheckedBorderColor: 'var(--field-border)',
  headerBackgroundColor: 'var(--surface-2)',
  chromeBackgroundColor: 'var(--surface-2)',
  fontSize: 13,
  headerFontSize: 13,
  spacing: 5,
  // The default; ListGrid sets the user's density (density.ts).
  rowHeight: 28,
  headerHeight: 36,
  wrapperBorderRadius: 4,
})

export const lightGridTheme = base.withPart(colorSchemeLight).withParams({
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  headerBackgroundColor: 'var(--surface-2)',
})
export const darkGridTheme = base.withPart(colorSchemeDark).withParams({
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  headerBackgroundColor: 'var(--surface-2)',
})
