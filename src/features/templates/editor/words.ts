import { isTemplateIssueKey, TEMPLATE_ISSUE_VARS, TEMPLATE_MESSAGES } from '@/domain/templates-write'
import { isErrorKey } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import type { Problem } from './problems'

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m))

/**
 * Words for the editors' refusals, in the console's language: the generic keys from LL.errors, the carriers' limits
 * from the shared template messages (the same words the server answers with), the editor's own two from LL.
 */
export function useProblemWords() {
  const { LL, locale } = useI18nContext()
  return (p: Problem): string => {
    if (p.key === 'mediaRequired') return LL.tplEditor.problems.mediaRequired()
    if (p.key === 'tooLongMax') return LL.tplEditor.problems.tooLongMax({ max: p.vars.max ?? 0 })
    if (isTemplateIssueKey(p.key)) return fill(TEMPLATE_MESSAGES[p.key][locale], p.vars)
    return isErrorKey(p.key) ? LL.errors[p.key]() : LL.errors.invalidValue()
  }
}

/**
 * A refusal's `data.fields` (field path → an ErrorKey, a template issue key, or the server's words) as words; keys
 * the console knows are worded here, anything else is the server's own message.
 */
export function useServerFieldWords() {
  const { LL, locale } = useI18nContext()
  return (value: string, fallback: string): string => {
    if (isTemplateIssueKey(value)) return fill(TEMPLATE_MESSAGES[value][locale], TEMPLATE_ISSUE_VARS[value])
    if (isErrorKey(value)) return LL.errors[value]()
    return value || fallback
  }
}
