import type { MessageTable } from '../../kit/text.js'

/** WalletConnect pairing by QR code or link, in English. */
export default {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'walletConnect.tabs': 'Ways to connect',
  'walletConnect.tab.qrcode': 'QR code',
  'walletConnect.tab.mobile': 'Mobile',
  'walletConnect.tab.desktop': 'Desktop',
  'walletConnect.tab.web': 'Web app',
  'walletConnect.qrLabel': 'QR code to scan with your wallet',
  'walletConnect.scan': 'Scan this code with your phone’s wallet app.',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Could not copy the link',
  'walletConnect.preparing': 'Preparing the connection…',
  'walletConnect.open': 'Open {wallet}',
  'walletConnect.failed': 'The connection failed.',
  'walletConnect.retry': 'Try again',
  'walletConnect.linkFailed': 'This wallet link cannot be opened.',
} as const satisfies MessageTable
