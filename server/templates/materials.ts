import { checkMaterial, type MaterialPurpose } from '../../src/domain/materials'
import type { Db } from '../db'
import { fieldError } from '../http/envelope'

export interface UsedMaterial {
  material_id: number
  cus_id: string
  kind: 'image' | 'video' | 'audio'
  content_type: string
  size: number
  object_key: string
}

/**
 * The materials a template names, each the template owner's own and fit for `purpose` by the one rule uploads are
 * checked with (checkMaterial: type by content, size per kind). Locked `for share` until the template commits, so a
 * concurrent /aim/materialDelete waits and then sees the template's references. Refusals name the `field` (cards or
 * frames): materialMissing (absent, or another tenant's: the same answer, so ids of others are not confirmed) or
 * materialKind.
 */
export async function materialsFor(tx: Db, cusId: string, ids: number[], purpose: MaterialPurpose, field: string): Promise<Map<number, UsedMaterial>> {
  const unique = [...new Set(ids)]
  if (!unique.length) return new Map()
  const { rows } = await tx.query<UsedMaterial>(
    `select material_id, cus_id, kind, content_type, size, object_key from material
     where cus_id = $1 and material_id = any($2::int[]) order by material_id for share`, [cusId, unique])
  const found = new Map(rows.map((m) => [m.material_id, m]))
  if (unique.some((id) => !found.has(id))) throw fieldError('materialMissing', { [field]: 'materialMissing' })
  for (const m of rows) {
    if (checkMaterial(purpose, { size: m.size, contentType: m.content_type })) throw fieldError('materialKind', { [field]: 'materialKind' })
  }
  return found
}

/** Records which materials a template uses (server/materials/in-use.ts reads them). */
export async function recordMaterials(tx: Db, kind: 'csp' | 'video', templateId: number, cusId: string, ids: number[]) {
  const unique = [...new Set(ids)]
  if (!unique.length) return
  await tx.query(
    `insert into template_material (kind, template_id, material_id, cus_id) select $1, $2, m, $3 from unnest($4::int[]) m`,
    [kind, templateId, cusId, unique])
}

export const forgetMaterials = (tx: Db, kind: 'csp' | 'video', templateId: number) =>
  tx.query('delete from template_material where kind = $1 and template_id = $2', [kind, templateId])

/** Names of the templates using any of `ids`, as a refusal shows them ("5G: name (#12)"). */
export async function templatesUsing(tx: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return []
  const { rows } = await tx.query<{ label: string }>(
    `select distinct '5G: ' || t.template_name || ' (#' || t.template_id || ')' as label
       from template_material u join csp_template t on u.kind = 'csp' and t.template_id = u.template_id where u.material_id = any($1::int[])
     union
     select distinct 'Video: ' || t.title || ' (#' || t.cus_template_id || ')'
       from template_material u join video_template t on u.kind = 'video' and t.cus_template_id = u.template_id where u.material_id = any($1::int[])
     union
     select 'Signature: ' || s.name || ' (#' || s.id || ')' from signature s where s.proof_material_id = any($1::int[])
     order by 1 limit 10`, [ids])
  return rows.map((r) => r.label)
}
