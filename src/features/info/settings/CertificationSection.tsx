import { useQuery, useQueryClient } from '@tanstack/react-query'
import { certificationQuery, certify } from '@/api/user-settings'
import { userKeys } from '@/api/keys'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { certificationSchema, type CertificationPayload } from '@/domain/user-settings'
import { useI18nContext } from '@/i18n/i18n-react'

/** Identity certification: name, the 18-character identity number (checksum and birth date checked), phone. */
export function CertificationSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.certification
  const qc = useQueryClient()
  const { data } = useQuery(certificationQuery())
  const spec: FormSpec<keyof CertificationPayload, CertificationPayload> = {
    id: 'settings-certification',
    schema: certificationSchema,
    fields: [
      { name: 'realName', label: t.realName(), autoComplete: 'name' },
      { name: 'idNumber', label: t.idNumber() },
      { name: 'phone', label: t.phone(), kind: 'tel', autoComplete: 'tel' },
    ],
    submitLabel: t.submit(),
    submit: async (p) => {
      const msg = await certify(p)
      await qc.invalidateQueries({ queryKey: userKeys.certification() })
      return msg
    },
  }
  return (
    <>
      {data && (
        <p className="text-sm text-[var(--muted)]" data-testid="settings-certification-current">
          {t.current({ name: data.realName, idNumber: data.idNumber })}
        </p>
      )}
      <DeclaredForm spec={spec} />
    </>
  )
}
