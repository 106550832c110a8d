import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only the sign-in views show, in English. They load with the views' code and register
 * themselves, so the page's first load does not grow with them.
 */
export default registerViewTexts({
  'siwx.asks': '{app} asks you to sign in',
  'siwx.explain':
    'Sign this message in your wallet to prove you own this address. It costs nothing and sends no transaction.',
  'siwx.messageLabel': 'Message to sign',
  'siwx.preparing': 'Preparing the message…',
  'siwx.prepareFailed': 'The message could not be prepared.',
  'siwx.prepareRetry': 'Prepare again',
  'siwx.signing': 'Sign the message in your wallet…',
  'siwx.failed': 'Sign-in failed. Try again.',
  'siwx.sign': 'Sign',
  'siwx.retry': 'Try again',
  'siwx.cancel': 'Cancel',
} as const satisfies MessageTable)
