import { isApiError } from '@/api/errors'
import * as calls from '@/api/signatures'
import { openMediaPicker } from '@/components/media'
import { Button } from '@/components/ui/Button'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { toast } from '@/components/ui/toast'
import { SIGNATURE_REASON_CHARS, SIGNATURE_SOURCES, signatureAddSchema, signatureReviewSchema } from '@/domain/signatures'
import type { ActionHelpers, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The signature list's writes (signatures.list.ts declares them; loaded on use): the application form, withdraw and
 * delete after their confirmations, an administrator's approve or refuse with its reason.
 */
type LL = TranslationFunctions
const idOf = (row: Row) => Number(row.id)

/**
 * The application: name, source, an optional proof file (chosen from or uploaded into the account's signature
 * proofs with the materials picker; the field shows its name, the payload carries its id) and a remark.
 */
export function applyForSignature(LL: LL): Promise<string | void> {
  const t = LL.signatures.form
  let proof: { name: string; id: number } | null = null
  return openFormDialog({
    title: LL.signatures.apply(), saveTestId: 'signature-save',
    spec: {
      id: 'signature', schema: signatureAddSchema,
      initial: { source: 'company' },
      toInput: (v) => ({
        name: v.name, source: v.source, remark: v.remark,
        proof_material_id: proof && proof.name === v.proof_material_id ? proof.id : null,
      }),
      fields: [
        { name: 'name', label: t.name(), hint: t.nameHint(), autoComplete: 'off' },
        { name: 'source', label: t.source(), kind: 'select', options: SIGNATURE_SOURCES.map((s) => ({ value: s, label: LL.signatures.sources[s]() })) },
        {
          name: 'proof_material_id', label: t.proof(), hint: t.proofHint(), readOnly: true, placeholder: t.proofNone(),
          addon: (values, form) => (
            <span className="flex gap-1">
              <Button
                type="button" variant="secondary" data-testid="signature-proof-choose"
                onClick={async () => {
                  const m = await openMediaPicker({ purpose: 'signature' })
                  if (!m) return
                  proof = { name: m.file_name, id: m.material_id }
                  form.set('proof_material_id', m.file_name)
                }}
              >
                {t.chooseProof()}
              </Button>
              {values.proof_material_id && (
                <Button
                  type="button" variant="secondary"
                  onClick={() => {
                    proof = null
                    form.set('proof_material_id', '')
                  }}
                >
                  {t.clearProof()}
                </Button>
              )}
            </span>
          ),
        },
        { name: 'remark', label: t.remark(), kind: 'textarea', rows: 2, hint: t.remarkHint() },
      ],
      submit: (p) => calls.addSignature(p),
    },
  })
}

/** A list action has no form: its refusal (a 409 naming the timed batches that still need it) is toasted here. */
async function said(p: Promise<string>): Promise<string | void> {
  try {
    return await p
  } catch (e) {
    if (!isApiError(e)) throw e
    if (e.kind !== 'aborted') toast.error(e.message)
  }
}

export const withdraw = (row: Row) => said(calls.withdrawSignature(idOf(row)))
export const remove = (row: Row) => said(calls.deleteSignature(idOf(row)))
export const approve = (row: Row) => said(calls.reviewSignature({ id: idOf(row), approve: true }))

export function refuse(row: Row, { LL }: ActionHelpers) {
  const t = LL.signatures.actions
  return openFormDialog({
    title: t.refuseTitle({ index: Number(row.__index) }), saveTestId: 'signature-refuse-save',
    spec: {
      id: 'signature-refuse', schema: signatureReviewSchema,
      toInput: (v) => ({ id: idOf(row), approve: false, reason: v.reason }),
      fields: [{
        name: 'reason', label: t.reason(), kind: 'textarea', hint: t.reasonHint(),
        message: (issue) => (issue.code === 'too_big' ? LL.tplEditor.problems.tooLongMax({ max: SIGNATURE_REASON_CHARS }) : LL.errors.required()),
      }],
      submit: (p) => calls.reviewSignature(p),
    },
  })
}
