import type { ComponentType } from 'react'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { AppSecretSection } from '../AppSecretSection'
import { BalanceWarnSection } from '../BalanceWarnSection'
import { PushSection } from '../PushSection'
import { CertificationSection } from './CertificationSection'
import { MobileSection } from './MobileSection'
import { NameSection } from './NameSection'
import { PasswordSection } from './PasswordSection'
import { TwoFactorSection } from './TwoFactorSection'
import { AllowedAddressesSection } from './AllowedAddressesSection'

export interface SettingSection {
  /** Anchor and test id: the section renders as `<section id="settings-<id>-section">`. */
  id: string
  /** The panel's heading; without one the component is rendered as it is (it draws its own panel). */
  title?: (LL: TranslationFunctions) => string
  Component: ComponentType
}

/**
 * The sections of /info/setting, in page order, below the display preferences. A section is a component that owns
 * its form and its calls; adding one is one line here.
 */
export const SETTING_SECTIONS: readonly SettingSection[] = [
  { id: 'password', title: (LL) => LL.settings.password.title(), Component: PasswordSection },
  { id: 'two-factor', title: (LL) => LL.settings.twoFactor.title(), Component: TwoFactorSection },
  { id: 'allowed-addresses', title: (LL) => LL.settings.allowedAddresses.title(), Component: AllowedAddressesSection },
  { id: 'mobile', title: (LL) => LL.settings.mobile.title(), Component: MobileSection },
  { id: 'name', title: (LL) => LL.settings.name.title(), Component: NameSection },
  { id: 'certification', title: (LL) => LL.settings.certification.title(), Component: CertificationSection },
  { id: 'push', Component: PushSection },
  { id: 'app-secret', Component: AppSecretSection },
  { id: 'balance-warn', Component: BalanceWarnSection },
]
