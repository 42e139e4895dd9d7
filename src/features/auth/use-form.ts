import { useCallback, useRef, useState, type ChangeEvent } from 'react'
import type { ErrorKey } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'

export type Rules<K extends string> = Partial<Record<K, (value: string, all: Record<K, string>) => ErrorKey | null>>

/**
 * A small form state for the sign-in forms: values, per-field error keys from src/domain/validation, and props
 * for <TextField>. Fields are checked on submit and, once shown wrong, again as the user types.
 */
export function useForm<K extends string>(initial: Record<K, string>, rules: Rules<K>) {
  const { LL } = useI18nContext()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<K, ErrorKey>>>({})
  const formRef = useRef<HTMLFormElement>(null)

  const check = useCallback(
    (keys: readonly K[], all: Record<K, string>) => {
      const found: Partial<Record<K, ErrorKey>> = {}
      for (const k of keys) {
        const e = rules[k]?.(all[k], all)
        if (e) found[k] = e
      }
      return found
    },
    [rules],
  )

  /** Checks the given fields (default all); focuses the first wrong one. */
  function validate(keys: readonly K[] = Object.keys(rules) as K[]): boolean {
    const found = check(keys, values)
    setErrors((prev) => {
      const next = { ...prev }
      for (const k of keys) delete next[k]
      return { ...next, ...found }
    })
    const first = keys.find((k) => found[k])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
    return !first
  }

  function set(key: K, value: string) {
    const next = { ...values, [key]: value }
    setValues(next)
    if (errors[key]) setErrors((e) => ({ ...e, [key]: check([key], next)[key] }))
  }

  const field = (key: K) => ({
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key] ? LL.errors[errors[key]]() : null,
  })

  return { values, set, validate, field, formRef }
}
