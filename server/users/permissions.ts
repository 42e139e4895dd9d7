import { PERM_INTL_PRICE } from '../../src/domain/auth'
import type { SessionUser } from './repo'

/** The permission list /user/getUserInfo sends and list endpoints enforce: one rule for both. */
export const permissionsOf = (user: Pick<SessionUser, 'userType'>): string[] => (user.userType === 1 ? [PERM_INTL_PRICE] : [])

export const hasPermission = (user: Pick<SessionUser, 'userType'>, perm: string) => permissionsOf(user).includes(perm)
