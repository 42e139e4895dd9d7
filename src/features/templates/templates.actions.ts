import { isApiError } from '@/api/errors'
import { goTo } from '@/api/navigation'
import * as calls from '@/api/templates'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { toast } from '@/components/ui/toast'
import {
  CONTENT_TEMPLATE_CHARS, contentTemplateAddSchema, templateReviewSchema, TEMPLATE_LIMITS, type TemplateKind,
} from '@/domain/templates-write'
import { DEFAULT_SMS_TYPE, SMS_TYPES } from '@/domain/marketing'
import type { ActionHelpers, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { templateDetailPath, templateNewPath } from './pages'

/*
 * The template lists' writes (templates.list.ts declares them; loaded on use): new (a dialog for a content template,
 * the editor page for 5G and video), delete after the numbered-row confirmation (the server's 409 names the timed
 * batches that still need the template), and an administrator's approve or reject with its reason.
 */
type LL = TranslationFunctions

const ID_FIELD: Record<TemplateKind, string> = { content: 'id', csp: 'template_id', video: 'cus_template_id' }
export const rowId = (kind: TemplateKind, row: Row) => Number(row[ID_FIELD[kind]])

/** The content template dialog: the text (the one schema of the send pages' "save as template") and search words. */
export function newContentTemplate(LL: LL): Promise<string | void> {
  return openFormDialog({
    title: LL.tplEditor.newContent(), saveTestId: 'content-template-save',
    spec: {
      id: 'content-template', schema: contentTemplateAddSchema,
      toInput: (v) => ({ template_content: v.template_content, keyword: v.keyword.trim() || undefined, sms_type: v.sms_type }),
      initial: { sms_type: DEFAULT_SMS_TYPE },
      fields: [
        {
          name: 'template_content', label: LL.tplEditor.content.label(), kind: 'textarea', hint: LL.tplEditor.content.hint(),
          message: (issue) => (issue.code === 'too_big' ? LL.tplEditor.problems.tooLongMax({ max: CONTENT_TEMPLATE_CHARS })
            : issue.message === 'marketingOptOut' ? LL.marketing.optOutMissing() : LL.errors.required()),
        },
        { name: 'keyword', label: LL.lists.filters.keyword() },
        {
          name: 'sms_type', label: LL.marketing.typeLabel(), kind: 'select', hint: LL.marketing.typeHint(),
          options: SMS_TYPES.map((t) => ({ value: t, label: LL.marketing.types[t]() })),
        },
      ],
      submit: async (p) => (await calls.addContentTemplate(p)).msg,
    },
  })
}

export function newTemplate(kind: TemplateKind, LL: LL) {
  if (kind === 'content') return newContentTemplate(LL)
  goTo(templateNewPath(kind))
}

export function openDetail(kind: TemplateKind, row: Row) {
  goTo(templateDetailPath(kind, rowId(kind, row)))
}

const DELETE = { content: calls.deleteContentTemplate, csp: calls.deleteCspTemplate, video: calls.deleteVideoTemplate }

/**
 * The template calls write silently (a form shows their refusals beside its fields); a list action has no form, so
 * the refusal is toasted here: the 409 that names the timed batches still needing the template, a 403.
 */
async function said(p: Promise<string>): Promise<string | void> {
  try {
    return await p
  } catch (e) {
    if (!isApiError(e)) throw e
    if (e.kind !== 'aborted') toast.error(e.message)
  }
}

export const deleteTemplate = (kind: TemplateKind, row: Row) => said(DELETE[kind](rowId(kind, row)))

export const approve = (kind: TemplateKind, row: Row) => said(calls.reviewTemplate(kind, { id: rowId(kind, row), approve: true }))

export function reject(kind: TemplateKind, row: Row, { LL }: ActionHelpers) {
  return openFormDialog({
    title: row.__index ? LL.tplEditor.actions.rejectTitle({ index: Number(row.__index) }) : LL.tplEditor.actions.rejectTitleId({ id: rowId(kind, row) }),
    saveTestId: 'template-reject-save',
    spec: {
      id: 'template-reject', schema: templateReviewSchema,
      toInput: (v) => ({ id: rowId(kind, row), approve: false, reason: v.reason }),
      fields: [{
        name: 'reason', label: LL.tplEditor.actions.reason(), kind: 'textarea', hint: LL.tplEditor.actions.reasonHint(),
        message: (issue) => (issue.code === 'too_big' ? LL.tplEditor.problems.tooLongMax({ max: TEMPLATE_LIMITS.reasonChars }) : LL.errors.required()),
      }],
      submit: (p) => calls.reviewTemplate(kind, p),
    },
  })
}
