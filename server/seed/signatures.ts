import { SIGNATURE_STATUS } from '../../src/domain/signatures'
import type { Db } from '../db'
import { bilingual } from '../templates/review'

/**
 * The demo signatures: each demo enterprise's approved one (the history's texts start with it; sub-accounts send
 * with their enterprise's), the platform's own, and one refused and one pending application.
 */
const SIGNATURES: [cusId: string, name: string, source: string, status: number, remark: string][] = [
  ['admin', '云短信', 'company', SIGNATURE_STATUS.approved, '平台通知'],
  ['acme', '艾克米', 'company', SIGNATURE_STATUS.approved, '企业全称：艾克米科技有限公司'],
  ['globex', '环球', 'company', SIGNATURE_STATUS.approved, 'Globex International'],
  ['initech', '英尼泰克', 'company', SIGNATURE_STATUS.approved, ''],
  ['umbrella', '安布雷拉', 'company', SIGNATURE_STATUS.approved, ''],
  ['acme', '艾克米商城', 'website', SIGNATURE_STATUS.refused, '商城网站 shop.acme.example'],
  ['initech', '英尼泰克运维', 'company', SIGNATURE_STATUS.pending, '运维通知'],
]

export async function seedSignatures(db: Db): Promise<void> {
  await db.query(
    `insert into signature (cus_id, name, source, status, remark, result_desc, check_time, create_time)
     select s.cus_id, s.name, s.source, s.status, s.remark, case when s.status = $6 then $7 else '' end,
       case when s.status = $8 then null else now() - make_interval(days => 60 - s.k::int) end,
       case when s.status = $8 then now() else now() - make_interval(days => 61 - s.k::int) end
     from unnest($1::text[], $2::text[], $3::text[], $4::smallint[], $5::text[]) with ordinality s(cus_id, name, source, status, remark, k)`,
    [SIGNATURES.map((s) => s[0]), SIGNATURES.map((s) => s[1]), SIGNATURES.map((s) => s[2]), SIGNATURES.map((s) => s[3]), SIGNATURES.map((s) => s[4]),
      SIGNATURE_STATUS.refused, bilingual('signatureProofMissing'), SIGNATURE_STATUS.pending])
}
