import type { MessageTable } from '../../kit/text.js'

/**
 * Email login and the embedded wallet, in English: what the page may show before the views' code
 * loads (titles, the Account action, the toasts, the errors and alerts core raises). The views'
 * own texts are in en.views.ts.
 */
export default {
  'view.EmailVerifyOtp.title': 'Confirm email',
  'view.EmailVerifyDevice.title': 'Register device',
  'view.ApproveTransaction.title': 'Approve transaction',
  'view.UpdateEmailWallet.title': 'Edit email',
  'view.UpdateEmailPrimaryOtp.title': 'Confirm current email',
  'view.UpdateEmailSecondaryOtp.title': 'Confirm new email',
  'auth.updateEmailAction': 'Update email',
  'auth.authenticating': 'Authenticating...',
  'auth.initFailed': 'A problem occurred while trying initialize authentication',
  'auth.cooldown': 'Please try again after {seconds} seconds',
  'auth.invalidEmail': 'Enter a valid email address',
  'auth.invalidOtp': 'The code is 6 digits',
  'auth.error.default': 'Something went wrong',
  'auth.error.invalidCode': 'This code is not valid',
  'auth.error.invalidCodeTries': {
    one: 'This code is not valid: {count} try left',
    other: 'This code is not valid: {count} tries left',
  },
  'auth.error.codeExpired': 'This code has expired: ask for a new one',
  'auth.error.tooManyAttempts': 'Too many wrong codes: ask for a new one',
  'auth.error.deviceNotApproved': 'This device is not approved yet',
  'auth.error.noLogin': 'Start again with your email address',
  'auth.error.emailInUse': 'This email address is already used by another account',
  'auth.error.sameEmail': 'This is already your email address',
  'auth.error.notSignedIn': 'You are not signed in',
  'auth.rpc.sendCallsShape': 'The calls are not valid',
  'auth.rpc.sendCallsTo': 'Each call needs a "to" address starting with 0x',
  'auth.rpc.transactionShape': 'The transaction is not valid',
  'auth.rpc.quantity': 'The field {field} must be a hexadecimal quantity',
  'auth.rpc.chainId': 'The chain id is not valid',
  'auth.rpc.to': 'The receiver address is not valid',
  'auth.rpc.feeFieldsForType': 'The fee fields do not match the transaction type',
  'auth.rpc.feeCapTooHigh': 'The fee cap is too high',
  'auth.rpc.tipAboveFeeCap': 'The priority fee is above the fee cap',
  'auth.rpc.accessList': 'The access list is not valid',
  'auth.rpc.storageKey': 'A storage key of the access list is not valid',
  'auth.rpc.blobHashesEmpty': 'A blob transaction needs at least one blob hash',
  'auth.rpc.blobHashSize': 'A blob hash must be 32 bytes',
  'auth.rpc.blobHashVersion': 'A blob hash has an unknown version',
  'error.EMAIL_DEPENDENCY_LOAD_FAILED': 'Unable to load email login dependency',
  'error.RPC_NOT_ALLOWED': 'Requested RPC call is not allowed',
  'error.ACTION_NOT_ALLOWED': 'Action not allowed',
  'alert.IFRAME_LOAD_FAILED': 'The secure sign-in frame failed to load',
  'alert.IFRAME_REQUEST_TIMEOUT': 'The secure sign-in frame did not answer in time',
  'alert.UNVERIFIED_DOMAIN': 'This domain is not verified for the project',
} as const satisfies MessageTable
