/** The WalletConnect connector's id. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** Where the deep link the user chose is kept (read and written by the heavy half). */
export const DEEPLINK_CHOICE_KEY = 'deeplink_choice'
