import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { certificationQuery } from '@/api/user-settings'
import { PERM_INTL_PRICE } from '@/domain/auth'
import { ROLES } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'

type ProductCode = '0' | '1' | '2' | '6'
const PRODUCT_CODES: readonly string[] = ['0', '1', '2', '6']

/** /info/index: the signed-in account's details and balance, with the display flags as readable labels. */
export function InfoScreen() {
  const { LL, locale } = useI18nContext()
  const { userInfo, authUser, roles, flags } = useSession()
  const t = LL.pages.info
  const { data: certification } = useQuery(certificationQuery())
  if (!authUser) return null
  const yesNo = (v: boolean) => (v ? t.yes() : t.no())
  const role = roles.includes(ROLES.admin) ? 'admin' : authUser.parentId ? 'sub' : 'customer'
  const products = authUser.prodTypes
    .map((p) => String(p))
    .filter((p): p is ProductCode => PRODUCT_CODES.includes(p))
    .map((p) => LL.pages.products[p]())

  return (
    <section data-testid="info-screen" className="mx-auto max-w-3xl rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      {/* The title is the page header's h1; this row keeps only the way to edit. */}
      <div className="mb-4 flex items-center justify-end">
        <Link to="/info/setting" className="text-sm text-[var(--primary)] hover:underline">{t.edit()}</Link>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
        <Row label={t.account()}>{authUser.cusId}</Row>
        <Row label={t.name()}>{userInfo?.userInfo.name || t.none()}</Row>
        <Row label={t.userType()}>{`${t.userTypes[role]()} (${authUser.userType})`}</Row>
        <Row label={t.mobile()}>{authUser.mobile || t.none()}</Row>
        <Row label={t.balance()}>{formatMoney(authUser.balance, locale, 'balance')}</Row>
        {authUser.parentId && <Row label={t.parent()}>{authUser.parentId}</Row>}
        <Row label={t.products()}>{products.length ? products.join(locale === 'en' ? ', ' : '、') : t.none()}</Row>
        <Row label={LL.settings.certification.title()}>
          <span data-testid="info-certification">
            {certification ? `${certification.realName} · ${certification.idNumber} · ${certification.phone}` : t.none()}
          </span>
        </Row>
      </dl>
      <h2 className="mt-6 mb-3 font-semibold">{t.flags()}</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
        <Row label={t.showClientStatus()}>{yesNo(authUser.showClientStatus !== 0)}</Row>
        <Row label={t.clientForbidUnknown()}>{yesNo(authUser.clientForbidUnknown === 1)}</Row>
        <Row label={t.showContentFilterWhere()}>{yesNo(!!authUser.showContentFilterWhere)}</Row>
        <Row label={t.moreType()}>{yesNo([1, 2, 3, 4].includes(authUser.moreType))}</Row>
        <Row label={t.intlPrice()}>{yesNo(!!flags[PERM_INTL_PRICE])}</Row>
      </dl>
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-[var(--muted)]">{label}</dt>
      <dd>{children}</dd>
    </>
  )
}
