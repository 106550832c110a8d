// What every devnet browser wallet (the Devnet Wallet, the Devnet Solana and Bitcoin Wallets)
// takes and offers its UI, whatever its chain.

/** The options every browser wallet takes besides its chains. */
export type BrowserWalletOptions = {
  /** The devnet's mnemonic by default. */
  mnemonic?: string
  /** How many mnemonic accounts the wallet holds; 2 by default. */
  accountCount?: number
  /** Approve every request at once, with no prompt (for tests). */
  autoApprove?: boolean
  /** localStorage key for what the wallet remembers; one per wallet on a page. */
  storageKey?: string
  /** The site the wallet believes it talks to; `location.origin` by default. */
  origin?: string
}

/** `install…Wallet`'s options: the wallet's, and where its UI goes. */
export type InstallOptions<Options> = Options & {
  /** Where the wallet's UI goes; document.body by default. false: no UI at all. */
  container?: HTMLElement | false
}

/** The wallet-side controls every browser wallet's UI uses. */
export type BrowserWalletControls = {
  /** Called after every change of state or of the pending requests. */
  subscribe(listener: () => void): () => void
  /** Wallet-side account switch (the "Account" control). */
  selectAccount(index: number): void
  /** Wallet-side "disconnect this site": forgets the approval and tells the site. */
  disconnectSite(): void
  /** Rejects every waiting request (the wallet is going away). */
  rejectPending(): void
}
