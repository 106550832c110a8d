/**
 * Every string the UI kit shows, in English. Apps override any part through
 * `<PorticoProvider messages={{ … }}>`; keys are stable.
 */
export const en = {
  'modal.label': 'Wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.open': 'Connect wallet',
  'toast.region': 'Notifications',

  'view.Connect.title': 'Connect wallet',
  'view.ConnectingSiwe.title': 'Sign in',
  'view.ConnectingFarcaster.title': 'Farcaster',
  'view.ConnectingExternal.title': 'Connecting',
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'view.UnsupportedChain.title': 'Switch network',
  'view.Account.title': 'Account',
  'view.ApproveTransaction.title': 'Approve transaction',
  'view.SIWXSignMessage.title': 'Sign in',
  'view.RegisterAccountName.title': 'Choose a name',
  'view.RegisterAccountNameSuccess.title': 'Name registered',
  'view.Networks.title': 'Networks',
  'view.AllWallets.title': 'All wallets',
  'view.WalletSend.title': 'Send',
  'view.WalletSendSelectToken.title': 'Select token',
  'view.WalletSendPreview.title': 'Review send',
  'view.WalletReceive.title': 'Receive',
  'view.Transactions.title': 'Activity',
  'view.unknown': 'This view is not available.',

  'connect.empty': 'No wallets found in this browser.',
  'connect.list': 'Wallets',
  'connect.recent': 'Recent',
  'connect.installed': 'Installed',

  'connect.allWallets': 'All wallets',
  'connect.allWalletsCount': (count: number) => `All wallets (${count})`,

  'allWallets.search': 'Search wallets',
  'allWallets.count': (count: number) => `${count} wallets`,
  'allWallets.noResults': 'No wallet matches your search.',
  'allWallets.loading': 'Loading wallets…',
  'allWallets.error': 'The wallet list could not be loaded.',
  'allWallets.loadMore': 'Load more wallets',

  'walletConnect.tabs': 'Ways to connect',
  'walletConnect.tab.qrcode': 'QR code',
  'walletConnect.tab.mobile': 'Mobile',
  'walletConnect.tab.desktop': 'Desktop',
  'walletConnect.tab.web': 'Web app',
  'walletConnect.qrLabel': 'QR code to scan with your wallet',
  'walletConnect.scan': 'Scan this code with your phone’s wallet app.',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.preparing': 'Preparing the connection…',
  'walletConnect.open': (wallet: string) => `Open ${wallet}`,
  'walletConnect.failed': 'The connection failed.',
  'walletConnect.retry': 'Try again',
  'walletConnect.linkFailed': 'This wallet link cannot be opened.',

  'connecting.continueIn': (wallet: string) => `Continue in ${wallet}`,
  'connecting.accept': 'Accept the connection request in your wallet.',
  'connecting.declined': 'Connection declined',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  'connecting.unavailable': 'This wallet is not available in this browser.',

  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.network': (network: string) => `Network: ${network}`,
  'account.disconnect': 'Disconnect',
  'account.explorer': 'View on explorer',
  'account.balance': 'Balance',
  'account.reconnecting': 'Reconnecting…',

  'networks.list': 'Networks',
  'networks.active': 'Active',
  'networks.switching': 'Approve the switch in your wallet…',
  'networks.failed': 'The network was not switched.',

  'unsupported.message':
    'This app does not support your current network. Switch to a supported network to continue.',
} as const satisfies Record<string, string | ((...args: never[]) => string)>

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : T[K] }

/** The shape of the messages table: every key, any text. */
export type UiKitMessages = Widen<typeof en>
