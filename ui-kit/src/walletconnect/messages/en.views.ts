import { registerViewTexts } from '../../kit/messages.js'
import type { MessageTable } from '../../kit/text.js'

/**
 * The texts only this feature's views show, in English. They load with the views' code (not with
 * the page) and register themselves, so the page's first load does not grow with the views.
 */
export default registerViewTexts({
  'walletConnect.tabs': 'Ways to connect',
  'walletConnect.tab.qrcode': 'QR code',
  'walletConnect.tab.mobile': 'Mobile',
  'walletConnect.tab.desktop': 'Desktop',
  'walletConnect.tab.web': 'Web app',
  'walletConnect.qrLabel': 'QR code to scan with your wallet',
  'walletConnect.scan': 'Scan this code with your phone’s wallet app.',
  'walletConnect.copy': 'Copy link',
  'walletConnect.preparing': 'Preparing the connection…',
  'walletConnect.open': 'Open {wallet}',
  'walletConnect.failed': 'The connection failed.',
  'walletConnect.retry': 'Try again',
  'walletConnect.linkFailed': 'This wallet link cannot be opened.',
} as const satisfies MessageTable)
