import { checkImportRow, IMPORT_FIELDS, importLine } from './contact-import'
import { CONTACT_GUESS, FIELD_NAMES, isMobileCell, type GuessRules } from './contact-import-guess'
import { checkOptOutRow, OPT_OUT_IMPORT_FIELDS } from './opt-outs'

/*
 * The spreadsheet imports of the console, as data: which fields a sheet's columns map to, which must be mapped, how a
 * row is checked (the same rule the server applies to the upload again) and written as a line of the upload's `rows`
 * part. One worker and one dialog read them; a new import costs an entry here, its words and its two calls.
 */
export type RowOutcome = { ok: true; line: string } | { ok: false; field: string; reason: string }

export interface SheetImportKind {
  fields: readonly string[]
  /** Fields whose column must be chosen before the rows are checked. */
  required: readonly string[]
  guess: GuessRules
  /** One sheet row's mapped cells (`fields` order), as the upload's line `line TAB values…`, or why it is refused. */
  row: (line: number, cells: readonly string[]) => RowOutcome
}

const contacts: SheetImportKind = {
  fields: IMPORT_FIELDS,
  required: ['name', 'mobile'],
  guess: CONTACT_GUESS,
  row: (line, cells) => {
    const check = checkImportRow(cells)
    return check.ok ? { ok: true, line: importLine(line, check.values) } : check
  },
}

/** The opt-out list's import (/file/uploadOptOut): a number and an optional note, named as the contacts' mobile and remark. */
const optOuts: SheetImportKind = {
  fields: OPT_OUT_IMPORT_FIELDS,
  required: ['mobile'],
  guess: { fields: OPT_OUT_IMPORT_FIELDS, names: { mobile: FIELD_NAMES.mobile, note: FIELD_NAMES.remark }, content: [['mobile', isMobileCell]] },
  row: (line, cells) => {
    const check = checkOptOutRow(cells)
    if (!check.ok) return check
    return { ok: true, line: [String(line), check.mobile, ...(check.note ? [check.note] : [])].join('\t') }
  },
}

export const SHEET_IMPORTS = { contacts, optOuts } as const
export type SheetImportId = keyof typeof SHEET_IMPORTS
