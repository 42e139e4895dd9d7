import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { ConfirmOptions } from './confirm'

// The declaration of a form (STYLE.md's "every write is data"): its fields, its schema, its call; rendered by DeclaredForm.

export type Values<K extends string> = Record<K, string>

/** The values of a 'checkboxes' field, as its string holds them. */
export const checkedValues = (value: string): string[] => value.split(',').filter(Boolean)

/**
 * A declared form as its addons, its `submit` and its opener's `formRef` reach it: a field's own action (a code send)
 * checks only the fields it needs and words its outcome under the form; a spent captcha is cleared.
 */
export interface FormHandle<K extends string = string> {
  values: Values<K>
  set: (name: K, value: string) => void
  /** Checks the named fields with their own rules, marks the bad ones and focuses the first; true when all pass. */
  check: (names: readonly K[]) => boolean
  /** Words under the form (`ok`: good news, as "code sent"), or none with null. */
  note: (text: string | null, ok?: boolean) => void
}

/**
 * One field of a declared form: its name, how it is typed, what it is called, and (optionally) its own rule. A form
 * is an array of these, so a new form costs a declaration, not a component.
 */
export interface FormField<K extends string = string> {
  name: K
  label: string
  /** 'checkboxes': any number of the options, the value their values joined by commas in the options' order. */
  kind?: 'text' | 'password' | 'tel' | 'code' | 'url' | 'select' | 'textarea' | 'radio' | 'checkboxes'
  options?: readonly { value: string; label: string }[]
  /**
   * Words under the field while it is not refused; a function of the values when they follow what is typed (a count,
   * a message's length and cost as it is written). Any content: a list of figures as well as a sentence.
   */
  hint?: ReactNode | ((values: Values<K>) => ReactNode)
  autoComplete?: string
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url' | 'tel'
  placeholder?: string
  maxLength?: number
  /** Shown, not typed: a value an addon sets (a chosen file's name). */
  readOnly?: boolean
  /** A text area's height in lines (3 without it). */
  rows?: number
  /** Content after the input on the same row (a "get code" button, a captcha image). */
  addon?: (values: Values<K>, form: FormHandle<K>) => ReactNode
  /** The field's own rule, a schema of src/domain (the same the server parses with); the value is the typed string. */
  schema?: z.ZodType
  /**
   * Words when the form refuses the field (its own `schema` or the form's). Without them, the issue's ErrorKey is
   * worded by LL.errors. A function gets the issue (its path names an item of a list) and the values.
   */
  message?: string | ((issue: z.core.$ZodIssue, values: Values<K>) => string)
  visibleWhen?: (values: Values<K>) => boolean
  /** false: checked only by an addon's `form.check` (the captcha a code send spends), not by the submit. */
  checkOnSubmit?: boolean
}

export interface FormSpec<K extends string, Out = Values<K>> {
  /** Test ids and input ids derive from it (`<id>`, `<id>-<field>`, `<id>-submit`); a generated id without it. */
  id?: string
  fields: readonly FormField<K>[]
  /** The schema the server validates the whole payload with; its issues are ErrorKeys (src/domain/field-errors.ts). */
  schema?: z.ZodType<Out>
  /** What `schema` parses, made from the typed strings (a list split from a text area); the values themselves without it. */
  toInput?: (values: Values<K>) => unknown
  /** Rules across fields (a confirmation equal to the password), once each field passes: field name → words. */
  check?: (values: Values<K>) => Partial<Record<K, string>>
  /**
   * Sends the parsed values (`schema`'s output, or the strings when there is none); resolves to the success words
   * (toasted on a page, handed to the opener of a dialog), or to nothing (a confirmation declined). A refusal it
   * throws (the client's ApiError, or a FormRefusal) marks fields or shows under the form, keeping what was typed.
   */
  submit: (data: Out, values: Values<K>, form: FormHandle<K>) => Promise<string | void>
  /**
   * A question asked once the form passes its checks, before `submit` (a write that moves money names the amounts
   * before and after); null asks nothing. Declined, nothing is sent and the form stays as typed.
   */
  confirm?: (data: Out, values: Values<K>) => ConfirmOptions | null
  /** The field that takes the focus when the form opens: the one a user types first (a charge's amount); the first without it. */
  focus?: K
  /** Values to start with (and to return to after a success, unless `keepValues`). */
  initial?: Partial<Values<K>>
  keepValues?: boolean
  /** A refusal that names no field is shown under this one (instead of under the form). */
  errorField?: K
  /** The page form's button, the dialog's save button; a function when it names the choice made ("Start XLSX"). */
  submitLabel?: string | ((values: Values<K>) => string)
  /** The page form's button while the call runs ("signing in…"); `submitLabel` without it. */
  busyLabel?: string
  submitTestId?: string
}
