import type { ModuleCode } from '@/domain/constants'
import { PROD_TYPE } from '@/domain/constants'
import type { HomeBatch } from '@/domain/home'
import { batchPagePath } from '@/domain/batch'

/*
 * Where the home page's parts lead. Every target is a menu screen of the module named beside it, so a link is drawn
 * only when that module is granted (an account without international sending gets no link into its records).
 */
export interface HomeLink {
  module: ModuleCode
  to: string
  search?: Record<string, string>
}

const RECORDS: Record<number, HomeLink> = {
  [PROD_TYPE.ordinary]: { module: 'homeSms', to: '/home-sms/mt-records' },
  [PROD_TYPE.international]: { module: 'internationalSms', to: '/intl-sms/mt-records' },
  [PROD_TYPE.video]: { module: 'videoSms', to: '/video-sms/mt-records' },
  [PROD_TYPE.csp]: { module: 'cspSms', to: '/csp-sms/mt-records' },
}

/** A batch's page, behind its product's sent records (the page's own rule, src/app/screens/BatchRoute.tsx). */
export function batchPageLink(b: HomeBatch): HomeLink | null {
  const list = RECORDS[b.prod_type]
  return list ? { module: list.module, to: batchPagePath(b.batch_id, b.prod_type) } : null
}


export const HOME_LINKS = {
  sendStats: { module: 'homeSms', to: '/home-sms/send-stats' },
  batchStats: { module: 'homeSms', to: '/home-sms/batch-stats' },
  send: { module: 'homeSms', to: '/home-sms/group-send' },
  // The review queues: each template list filtered to those waiting (its "pending" status).
  pendingContentTemplates: { module: 'homeSms', to: '/home-sms/templates', search: { check_status: '0' } },
  pendingVideoTemplates: { module: 'videoSms', to: '/video-sms/templates', search: { status: '0' } },
  pendingCspTemplates: { module: 'cspSms', to: '/csp-sms/templates', search: { template_status: '0' } },
  customers: { module: 'userCenter', to: '/account/customers' },
  subAccounts: { module: 'userCenter', to: '/account/sub-accounts' },
  recharges: { module: 'userCenter', to: '/recharge/list' },
} satisfies Record<string, HomeLink>
