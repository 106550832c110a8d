import { registerViewTexts } from '../../kit/messages.js'

/**
 * The texts only the email and approval views show, in English. They load with the views' code
 * and register themselves, so the page's first load does not grow with them.
 */
export default registerViewTexts({
  'auth.email': 'Email',
  'auth.continue': 'Continue',
  'auth.or': 'or',
  'auth.code': 'Code',
  'auth.codeSent': 'Enter the code we sent to {email}',
  'auth.verify': 'Verify',
  'auth.resend': 'Resend code',
  'auth.resendIn': 'Resend code in {seconds} s',
  'auth.deviceSent': 'We sent a link to {email}',
  'auth.deviceHint': 'Open it to approve this device; the code follows.',
  'auth.deviceWaiting': 'Waiting for the approval…',
  'auth.approveHint': 'Approve or reject the request below.',
  'auth.approveMethod': 'Request: {method}',
  'auth.approveFrame': 'Secure approval',
  'auth.close': 'Close',
  'auth.newEmail': 'New email',
  'auth.currentCodeSent': 'Enter the code we sent to your current address',
  'auth.newCodeSent': 'Enter the code we sent to {email}',
  'auth.emailUpdated': 'Your email is now {email}',
})
