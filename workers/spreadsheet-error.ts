export type SpreadsheetErrorCode = 'tooLarge' | 'unreadable'

/** Thrown (its message is the code, which survives comlink's error passing) for the page to translate. */
export class SpreadsheetError extends Error {
  constructor(readonly code: SpreadsheetErrorCode) {
    super(code)
    this.name = 'SpreadsheetError'
  }
}
