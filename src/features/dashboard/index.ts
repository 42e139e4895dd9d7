import { PROD_TYPE } from '@/domain/constants'

/** The product overviews and the product each shows; the screen itself (with nivo) loads lazily. */
export const dashboards: { path: string; prodType: number }[] = [
  { path: '/home-sms/dashboard', prodType: PROD_TYPE.ordinary },
  { path: '/intl-sms/dashboard', prodType: PROD_TYPE.international },
  { path: '/video-sms/dashboard', prodType: PROD_TYPE.video },
  { path: '/csp-sms/dashboard', prodType: PROD_TYPE.csp },
]
