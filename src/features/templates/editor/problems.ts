import type { z } from 'zod'
import { isTemplateIssueKey, TEMPLATE_ISSUE_VARS, type TemplateIssueKey } from '@/domain/templates-write'
import { isErrorKey, type ErrorKey } from '@/domain/validation'

/*
 * A draft's refusals, by field path ('template_name', 'cards.2.title', 'cards.0.buttons.1.value'): the issues of the
 * shared schema the server parses with (src/domain/templates-write.ts), so the console refuses exactly what the
 * server would, and a server refusal naming a field lands on the same path.
 */
export type ProblemKey = ErrorKey | TemplateIssueKey | 'mediaRequired' | 'tooLongMax'
export interface Problem {
  key: ProblemKey
  vars: Record<string, number>
}
export type Problems = Record<string, Problem>

/** The first issue of each path, as a key and its numbers; a missing material (id 0) reads "choose media". */
export function schemaProblems(error: z.ZodError): Problems {
  const out: Problems = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (path in out) continue
    out[path] = problemOf(issue, path)
  }
  return out
}

function problemOf(issue: z.core.$ZodIssue, path: string): Problem {
  if (path.endsWith('material_id')) return { key: 'mediaRequired', vars: {} }
  if (isTemplateIssueKey(issue.message)) return { key: issue.message, vars: TEMPLATE_ISSUE_VARS[issue.message] }
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return { key: 'tooLongMax', vars: { max: Number(issue.maximum) } }
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return { key: 'required', vars: {} }
  return { key: isErrorKey(issue.message) ? issue.message : 'invalidValue', vars: {} }
}

/** The first problem's path in the order the screen shows the fields (focus goes there). */
export const firstProblem = (p: Problems, order: readonly string[]): string | undefined =>
  order.find((k) => p[k]) ?? Object.keys(p)[0]
