/** Views of the modal. Spec §2 names the first eleven; later features add their own. */
export const SPEC_VIEWS = [
  'Connect',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'UnsupportedChain',
  'Account',
  'ApproveTransaction',
  'SIWXSignMessage',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
] as const

export type SpecView = (typeof SPEC_VIEWS)[number]
export type FeatureView =
  | 'Networks'
  | 'AllWallets'
  | 'WalletSend'
  | 'WalletSendSelectToken'
  | 'WalletSendPreview'
  | 'WalletReceive'
  | 'Transactions'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmailWallet'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'OnRampBuy'
  | 'OnRampProviders'
  | 'OnRampActivity'

/**
 * Views an app adds to the modal, by name: an app that pushes a view of its own declares it once,
 * and `modal.open({ view })`, `<ModalTrigger view>` and `<Modal views>` accept it.
 *
 * @example
 * declare module '@portico/core' {
 *   interface CustomViews {
 *     Rewards: true
 *   }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: apps extend it through declaration merging
export interface CustomViews {}

/**
 * A view of the modal: the spec's, the features', and the app's own (`CustomViews`). A closed
 * list, so a misspelt name (`'Acount'`) fails to compile instead of showing "This view is not
 * available" at run time.
 */
export type ViewName = SpecView | FeatureView | Extract<keyof CustomViews, string>

/** Data a view is opened with. */
export type ViewData = Readonly<Record<string, unknown>>

/** A view on the modal's stack, with its data. */
export type ViewEntry = { view: ViewName; data?: ViewData }

/** A step that waits on the user (a transaction, a signature) and says where to go after. */
export type TransactionStep = {
  /** After success, go back one view. */
  goBack?: boolean
  /**
   * After success, replace: return to the view before ConnectingSiwe if it is in the stack,
   * otherwise close the modal and clear its history.
   */
  replace?: boolean
  /** After success, reset the stack to this view. */
  view?: ViewName
  onSuccess?: () => void
  onError?: () => void
  onCancel?: () => void
}

/** How a transaction step ended. */
export type TransactionOutcome = 'success' | 'error' | 'cancel'
