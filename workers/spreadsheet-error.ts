/**
 * tooLarge: the file is over the upload limit. expandsTooFar: the file is within it, but what it unpacks to (a zip
 * part, its shared strings, the text it makes) passes what can be read: a zip bomb, or a workbook far too big inside.
 */
export type SpreadsheetErrorCode = 'tooLarge' | 'expandsTooFar' | 'unreadable'

/** Thrown (its message is the code, which survives comlink's error passing) for the page to translate. */
export class SpreadsheetError extends Error {
  constructor(readonly code: SpreadsheetErrorCode) {
    super(code)
    this.name = 'SpreadsheetError'
  }
}
