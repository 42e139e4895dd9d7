import { isApiError } from '@/api/errors'
import { createApiKey, revokeApiKey, rotateApiKey } from '@/api/api-keys'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { checkedValues } from '@/components/ui/declared-form-spec'
import { toast } from '@/components/ui/toast'
import { ALLOWED_RANGES_MAX, rangesFromText } from '@/domain/allowed-addresses'
import {
  API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX, API_KEY_OVERLAP_CHOICES, API_KEY_OVERLAP_HOURS_DEFAULT, API_KEY_SCOPES, apiKeyCreateSchema,
  apiKeyRotateSchema, type ApiKeySecret,
} from '@/domain/api-keys'
import { formatPlatformMinute, platformDay } from '@/domain/date-time'
import type { ActionHelpers, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { scopeWord } from './scope-words'
import { showSecret } from './show-secret'

/*
 * The key list's writes (api-keys.list.ts declares them; loaded on use): the create form, a rotation with its
 * overlap, a revocation after its confirmation. A create or a rotation shows the secret once, then the success words.
 */
type LL = TranslationFunctions
const DAY_MS = 86_400_000

/** The create form: name, scopes (checkboxes), address ranges one a line, and an expiry counted in platform days. */
export async function createKey(LL: LL, now = Date.now()): Promise<string | void> {
  const t = LL.apiKeys.form
  const out: { made?: ApiKeySecret } = {}
  const msg = await openFormDialog({
    title: LL.apiKeys.create(), saveTestId: 'api-key-save',
    spec: {
      id: 'api-key', schema: apiKeyCreateSchema,
      initial: { expires_days: '90' },
      toInput: (v) => ({ name: v.name, scopes: checkedValues(v.scopes), ranges: rangesFromText(v.ranges), expires_days: Number(v.expires_days) }),
      fields: [
        {
          name: 'name', label: t.name(), hint: t.nameHint({ max: API_KEY_NAME_MAX }), autoComplete: 'off',
          message: (issue) => (issue.message === 'tooLong' ? t.nameTooLong({ max: API_KEY_NAME_MAX }) : LL.errors.required()),
        },
        {
          name: 'scopes', kind: 'checkboxes', label: t.scopes(), hint: t.scopesHint(), message: t.scopesRequired(),
          options: API_KEY_SCOPES.map((s) => ({ value: s, label: scopeWord(LL, s) })),
        },
        {
          name: 'ranges', kind: 'textarea', rows: 3, label: t.ranges(), hint: t.rangesHint({ max: ALLOWED_RANGES_MAX }),
          message: (issue, values) => {
            if (issue.message === 'rangesTooMany') return t.rangesTooMany({ max: ALLOWED_RANGES_MAX })
            if (issue.message === 'rangeRepeated') return t.rangeRepeated()
            const at = typeof issue.path[1] === 'number' ? issue.path[1] : 0
            return t.rangeInvalid({ line: at + 1, value: rangesFromText(values.ranges)[at] ?? '' })
          },
        },
        {
          name: 'expires_days', kind: 'select', label: t.expiry(), hint: t.expiryHint(), message: t.expiryInvalid(),
          options: API_KEY_EXPIRY_DAYS.map((d) => ({
            value: String(d), label: d ? t.expiryDays({ days: d, date: platformDay(now + d * DAY_MS) }) : t.expiryNever(),
          })),
        },
      ],
      submitLabel: t.save(),
      errorField: 'name',
      submit: async (p) => {
        const r = await createApiKey(p)
        out.made = r.data
        return r.msg
      },
    },
  })
  if (out.made) await showSecret(LL, out.made, 'created')
  return msg
}

const overlapWords = (LL: LL, h: number) =>
  h === 0 ? LL.apiKeys.rotate.overlapNone() : h >= 48 && h % 24 === 0 ? LL.apiKeys.rotate.overlapDays({ days: h / 24 }) : LL.apiKeys.rotate.overlapHours({ hours: h })

/** A rotation: how long the previous secret keeps working, a confirmation naming the key and that time, then the new secret. */
export async function rotateKey(row: Row, { LL }: Pick<ActionHelpers, 'LL'>): Promise<string | void> {
  const t = LL.apiKeys.rotate
  const name = String(row.name)
  const id = String(row.key_id)
  const out: { made?: ApiKeySecret } = {}
  const msg = await openFormDialog({
    title: t.title({ name }), saveTestId: 'api-key-rotate-save',
    spec: {
      id: 'api-key-rotate', schema: apiKeyRotateSchema,
      initial: { overlap_hours: String(API_KEY_OVERLAP_HOURS_DEFAULT) },
      toInput: (v) => ({ key_id: id, overlap_hours: Number(v.overlap_hours) }),
      fields: [{
        name: 'overlap_hours', kind: 'select', label: t.overlap(), hint: t.overlapHint(),
        options: API_KEY_OVERLAP_CHOICES.map((h) => ({ value: String(h), label: overlapWords(LL, h) })),
      }],
      confirm: (p) => ({
        title: t.confirmTitle(), danger: true, confirmLabel: t.save(),
        message: p.overlap_hours ? t.confirm({ name, id, until: formatPlatformMinute(Date.now() + p.overlap_hours * 3_600_000) }) : t.confirmNow({ name, id }),
      }),
      submitLabel: t.save(),
      submit: async (p) => {
        const r = await rotateApiKey(p)
        out.made = r.data
        return r.msg
      },
    },
  })
  if (out.made) await showSecret(LL, out.made, 'rotated')
  return msg
}

/** A revocation (confirmed by the list, naming the key); a refusal (already revoked) is toasted. */
export async function revokeKey(row: Row): Promise<string | void> {
  try {
    return (await revokeApiKey({ key_id: String(row.key_id) })).msg
  } catch (e) {
    if (!isApiError(e)) throw e
    if (e.kind !== 'aborted') toast.error(e.message)
  }
}
