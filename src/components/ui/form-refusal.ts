/**
 * What a declared form's `submit` throws when the refusal is not the HTTP client's (a wrong lock password checked in
 * the browser, a sign-in failure worded by the form): `fields` marks fields by name (the first bad one gets the
 * focus), else the message shows under the form. Nothing typed is cleared by it.
 */
export class FormRefusal extends Error {
  readonly fields: Readonly<Record<string, string>>

  constructor(message: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'FormRefusal'
    this.fields = fields
  }
}
