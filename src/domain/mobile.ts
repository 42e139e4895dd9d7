/*
 * The mainland mobile rule of spec section 5: 11 digits, 1 then 3–9. Forms, payload schemas (input.ts builds their
 * fields from it) and the number readers of text, bytes and spreadsheet cells all ask this module, so a change of
 * numbering plan is one edit. How people's writing is cleaned before the rule (spaces, dashes, a +86) stays with
 * each reader, since each reads a different source.
 */
const DIGITS = '1[3-9]\\d{9}'

export const MOBILE = new RegExp(`^${DIGITS}$`)
/** A mobile or nothing: an optional mobile field. */
export const OPTIONAL_MOBILE = new RegExp(`^(?:${DIGITS})?$`)
/** A mobile after an optional +86 / 0086 / 86, the digits captured. */
export const PREFIXED_MOBILE = new RegExp(`^(?:\\+86|0086|86)?(${DIGITS})$`)

export const isMobile = (text: string): boolean => MOBILE.test(text)

/** The rule on an 11-digit entry read as a number, for the byte readers that never build a string of it. */
export const isMobileValue = (value: number): boolean => value >= 13e9 && value < 2e10
