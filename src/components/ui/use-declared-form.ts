import { useId, useRef, useState } from 'react'
import type { z } from 'zod'
import { isApiError } from '@/api/errors'
import { fieldErrors, fieldErrorsSchema } from '@/domain/field-errors'
import { isErrorKey } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import type { FormField, FormHandle, FormSpec, Values } from './declared-form-spec'
import { confirm } from './confirm'
import { FormRefusal } from './form-refusal'

/**
 * The state of a declared form: values, errors, busy, and the submit that checks each visible field with its rule,
 * then the form's schema, then `check`; asks the spec's `confirm`, if any; sends; marks the fields the server's `data.fields` names; and focuses the
 * first bad field. Resolves true when saved.
 */
export function useDeclaredForm<K extends string, Out>(spec: FormSpec<K, Out>, onSaved: (msg: string | void) => void) {
  const { LL } = useI18nContext()
  const auto = useId()
  const base = spec.id ?? auto
  const blank = () =>
    Object.fromEntries(
      spec.fields.map((f) => [f.name, spec.initial?.[f.name] ?? (f.kind === 'select' || f.kind === 'radio' ? (f.options?.[0]?.value ?? '') : '')]),
    ) as Values<K>
  const [values, setValues] = useState<Values<K>>(blank)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [note, setNote] = useState<{ text: string; ok?: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)

  const visible = spec.fields.filter((f) => !f.visibleWhen || f.visibleWhen(values))
  const checked = visible.filter((f) => f.checkOnSubmit !== false)
  const idOf = (name: string) => `${base}-${name}`
  const word = (key: string, fallback: string) => (isErrorKey(key) ? LL.errors[key]() : fallback)
  const refused = (f: FormField<K>, issue: z.core.$ZodIssue | undefined, key: string) =>
    typeof f.message === 'string' ? f.message : f.message && issue ? f.message(issue, values) : word(key, LL.errors.invalidValue())

  /**
   * Shows the errors found (beside those kept), focuses the first bad visible field; false when none of them names a
   * field.
   */
  const show = (found: Partial<Record<K, string>>, kept: Partial<Record<K, string>> = {}) => {
    const named = visible.filter((f) => found[f.name])
    setErrors({ ...kept, ...Object.fromEntries(named.map((f) => [f.name, found[f.name]])) } as Partial<Record<K, string>>)
    if (named[0]) document.getElementById(idOf(named[0].name))?.focus()
    return named.length > 0
  }

  /** Each field's own rule, for the given fields. */
  const ownRules = (fields: readonly FormField<K>[]) => {
    const bad: Partial<Record<K, string>> = {}
    for (const f of fields) {
      const r = f.schema?.safeParse(values[f.name])
      if (r && !r.success) bad[f.name] = refused(f, r.error.issues[0], r.error.issues[0]?.message ?? '')
    }
    return bad
  }

  /** The client's refusal, or the parsed payload. */
  const validate = (): { bad: Partial<Record<K, string>> } | { data: Out } => {
    const bad = ownRules(checked)
    if (Object.keys(bad).length) return { bad }
    let data = values as unknown as Out
    if (spec.schema) {
      const input = spec.toInput ? spec.toInput(values) : values
      const parsed = spec.schema.safeParse(input)
      if (!parsed.success) {
        const keys = fieldErrors(parsed.error, input) as Record<string, string>
        for (const f of checked) {
          if (keys[f.name]) bad[f.name] = refused(f, parsed.error.issues.find((i) => i.path[0] === f.name), keys[f.name])
        }
        // A refusal of a field the form does not show still stops the send, under the form.
        if (!Object.keys(bad).length) setNote({ text: LL.errors.invalidValue() })
        return { bad }
      }
      data = parsed.data
    }
    Object.assign(bad, spec.check?.(values) ?? {})
    return Object.keys(bad).length ? { bad } : { data }
  }

  const set = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }))
  }

  const handle: FormHandle<K> = {
    values,
    set,
    check: (names) => {
      const fields = visible.filter((f) => names.includes(f.name))
      const kept = Object.fromEntries(Object.entries(errors).filter(([k]) => !names.includes(k as K))) as Partial<Record<K, string>>
      return !show(ownRules(fields), kept)
    },
    note: (text, ok) => setNote(text ? { text, ok } : null),
  }

  const submit = async (): Promise<boolean> => {
    if (busyRef.current) return false
    setNote(null)
    const result = validate()
    if ('bad' in result) {
      show(result.bad)
      return false
    }
    setErrors({})
    busyRef.current = true
    setBusy(true)
    try {
      const question = spec.confirm?.(result.data, values)
      if (question && !(await confirm(question))) return false
      onSaved(await spec.submit(result.data, values, handle))
      if (!spec.keepValues) setValues(blank())
      return true
    } catch (e) {
      if (e instanceof FormRefusal) {
        if (!show(e.fields as Partial<Record<K, string>>)) setNote({ text: e.message })
        return false
      }
      if (!isApiError(e)) throw e
      if (e.kind === 'aborted') return false
      const named = fieldErrorsSchema.safeParse(e.data)
      const byServer = named.success
        ? Object.fromEntries(Object.entries(named.data.fields).map(([k, v]) => [k, word(v, e.msg)]))
        : spec.errorField ? { [spec.errorField]: e.message } : {}
      if (!show(byServer as Partial<Record<K, string>>)) setNote({ text: e.message })
      return false
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  return { spec, values, errors, note, busy, visible, idOf, set, submit, handle, testId: spec.id }
}

export type FormState<K extends string, Out> = ReturnType<typeof useDeclaredForm<K, Out>>
