/**
 * The audit trail's one catalogue: every action an entry may name, by area, with the kind of thing it is done to.
 * The server writes only these names (server/audit/write.ts); the console labels each through typesafe-i18n
 * (`LL.audit.actions[name]`), so a new action is a line here and a label in each language.
 */
export const AUDIT_TARGETS = [
  'account', 'session', 'secret', 'setting', 'batch', 'template', 'signature', 'material', 'group', 'contact', 'import',
  'optOut', 'notice', 'file', 'check', 'shortLink', 'sample', 'interaction',
] as const
export type AuditTarget = (typeof AUDIT_TARGETS)[number]

export const AUDIT_ACTIONS = {
  // Signing in and out
  signIn: 'session',
  signInFailed: 'account',
  signOut: 'session',
  sessionRenewed: 'session',
  signInCodeSent: 'account',
  register: 'account',
  registerCodeSent: 'account',
  // Personal settings and security
  passwordChanged: 'account',
  twoFactorEnabled: 'account',
  twoFactorDisabled: 'account',
  allowedAddressesChanged: 'setting',
  twoFactorPolicyChanged: 'setting',
  bindCodeSent: 'account',
  mobileChanged: 'account',
  nameChanged: 'account',
  certificationSubmitted: 'account',
  appSecretRevealed: 'secret',
  appSecretRotated: 'secret',
  apiKeyCreated: 'secret',
  apiKeyRotated: 'secret',
  apiKeyRevoked: 'secret',
  balanceWarnChanged: 'setting',
  pushUrlChanged: 'setting',
  pushUrlCleared: 'setting',
  failureAlertChanged: 'setting',
  marketingRuleChanged: 'setting',
  optOutSettingsChanged: 'setting',
  noticeRead: 'notice',
  errorReported: 'account',
  // Customers, money and sub-accounts
  customerAdded: 'account',
  customerClosed: 'account',
  customerOpened: 'account',
  customerCharged: 'account',
  customerQuotaChanged: 'account',
  subAccountAdded: 'account',
  subAccountCharged: 'account',
  subAccountClosed: 'account',
  subAccountOpened: 'account',
  // Sending
  sendSubmitted: 'batch',
  batchResent: 'batch',
  batchCancelled: 'batch',
  timedBatchPaused: 'batch',
  timedBatchResumed: 'batch',
  timedBatchIntercepted: 'batch',
  timedBatchEdited: 'batch',
  shortLinkMade: 'shortLink',
  interactionAnswered: 'interaction',
  // Templates, signatures, materials
  templateAdded: 'template',
  templateDeleted: 'template',
  templateReviewed: 'template',
  signatureApplied: 'signature',
  signatureWithdrawn: 'signature',
  signatureDeleted: 'signature',
  signatureReviewed: 'signature',
  materialUploaded: 'material',
  materialDeleted: 'material',
  // Address book and opt-outs
  groupAdded: 'group',
  groupChanged: 'group',
  groupDeleted: 'group',
  contactAdded: 'contact',
  contactChanged: 'contact',
  contactsDeleted: 'contact',
  contactsMoved: 'contact',
  contactsUploaded: 'import',
  contactsImported: 'import',
  optOutAdded: 'optOut',
  optOutRemoved: 'optOut',
  optOutsUploaded: 'import',
  optOutsImported: 'import',
  // Number checks
  numbersChecked: 'check',
  ueFileUploaded: 'check',
  ueCheckStarted: 'check',
  // Data taken away
  exported: 'file',
  // The sample table
  sampleAdded: 'sample',
  sampleChanged: 'sample',
  sampleDeleted: 'sample',
} as const satisfies Record<string, AuditTarget>

export type AuditAction = keyof typeof AUDIT_ACTIONS
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[]
export const isAuditAction = (s: string): s is AuditAction => Object.hasOwn(AUDIT_ACTIONS, s)

/** How the call that made an entry arrived: the console (a session), the signed API, or a public page. */
export const AUDIT_VIA = ['console', 'api', 'public'] as const
export type AuditVia = (typeof AUDIT_VIA)[number]

/**
 * One changed field: its value before and after, each at most AUDIT_VALUE_CHARS (longer ones cut, `cut` set), or
 * only `changed` for a secret, a password or a code, whose values are never written.
 */
export interface AuditChange {
  field: string
  before?: unknown
  after?: unknown
  changed?: true
  cut?: true
}

/** The longest value text kept of one field (the rest cut and marked), and the most fields one entry keeps. */
export const AUDIT_VALUE_CHARS = 300
export const AUDIT_MAX_FIELDS = 20
/** Field names whose values are never written, only that they changed (compared without case, `_` or `-`). */
export const AUDIT_SECRET_FIELDS = [
  'password', 'oldpassword', 'newpassword', 'confirmpassword', 'secret', 'appsecret', 'code', 'authcode', 'smscode', 'captcha',
  'token', 'totp', 'recoverycode', 'recoverycodes', 'otp', 'key', 'apikey', 'nonce',
] as const
