import type { CaipNetworkId, ChainNamespace } from '../caip/index.js'
import type { Connector } from '../connectors/index.js'
import type { AccountType, PorticoNetwork } from '../options/index.js'

export type AdapterAccount = {
  /** Addresses the wallet shares, the active one first. */
  addresses: readonly string[]
  /** The wallet's chain reference (`1` for eip155:1). */
  chainReference: string
  /**
   * Every chain reference the account may be used on, for wallets without one current chain
   * (Solana and Bitcoin wallets sign for any chain they list): the connection then uses the app's
   * selected network of the namespace when it is among them, else the first the app lists, else
   * `chainReference`.
   */
  chains?: readonly string[]
  /** The kind of each address, in the order of `addresses` (`eoa` when absent). */
  types?: readonly AccountType[]
}

/** What the app asks of a connection beyond access. */
export type ConnectOptions = {
  /** The kind of account to connect first (Bitcoin: `payment` or `ordinal`). */
  accountType?: AccountType
}

export type NativeBalance = {
  value: bigint
  decimals: number
  symbol: string
  /** Whole units as a decimal string. */
  formatted: string
}

/** A token transfer, ready for the wallet: the request and what the network will charge. */
export type PreparedTransfer = {
  /** The network the transfer was built for (CAIP-2); it is sent there or not at all. */
  chainId: CaipNetworkId
  /** The account it leaves from. */
  from: string
  /** Chain-specific request handed back to `sendTransfer`. */
  request: Readonly<Record<string, unknown>>
  fee: { value: bigint; formatted: string; symbol: string }
}

export type PrepareTransferParameters = {
  from: string
  to: string
  /** Contract address of the token (chain-local, not CAIP); undefined for the native token. */
  tokenAddress: string | undefined
  /** Raw amount in the token's smallest unit. */
  amount: bigint
  /**
   * The decimals `amount` was computed with (the balance API's, for a token). When given for a
   * token, the adapter compares them with the token's on chain (ERC-20 `decimals()`, the SPL
   * mint's) and refuses a mismatch (TOKEN_DECIMALS_MISMATCH): the amount would be off by powers
   * of ten.
   */
  decimals?: number
  network: PorticoNetwork
  /** The token's `transfer` returns no value (USDT): use the ABI without outputs. */
  noReturnTransfer: boolean
}

export type TransferReceipt = { hash: string; status: 'success' | 'reverted' }

export type AdapterEventHandlers = {
  /**
   * The wallet shares other addresses (none: it disconnected the site). `chains`: the references
   * the account may now be used on, for wallets without one current chain (see AdapterAccount).
   */
  accountsChanged(addresses: readonly string[], chains?: readonly string[]): void
  chainChanged(chainReference: string): void
  disconnect(): void
}

/** Connecting a wallet of the namespace: every adapter has it. */
export type ConnectCapability = {
  /** Asks the wallet for access (prompts). */
  connect(connector: Connector, options?: ConnectOptions): Promise<AdapterAccount>
  /** Checks silently whether the wallet still authorises this site; undefined if not. */
  reconnect(connector: Connector, options?: ConnectOptions): Promise<AdapterAccount | undefined>
  disconnect(connector: Connector): Promise<void>
  subscribe(connector: Connector, handlers: AdapterEventHandlers): () => void
}

/** Asking the wallet to move to another network of the namespace. */
export type NetworkCapability = {
  switchNetwork(connector: Connector, network: PorticoNetwork): Promise<void>
}

/** Signing, and passing other requests to the wallet. */
export type SignCapability = {
  /** Asks the wallet to sign a text message (EIP-191 personal_sign on EVM). */
  signMessage(connector: Connector, address: string, message: string): Promise<string>
  /** Sends a request to the wallet (signing, transactions). */
  request(connector: Connector, method: string, params?: readonly unknown[]): Promise<unknown>
}

/** Reading what an account holds. */
export type BalanceCapability = {
  getNativeBalance(address: string, network: PorticoNetwork): Promise<NativeBalance>
  /**
   * The wallet's own view of the account's assets (EIP-7811 `wallet_getAssets`) when it offers
   * asset discovery for the network, unvalidated; undefined when it does not.
   */
  getWalletAssets?(
    connector: Connector,
    address: string,
    network: PorticoNetwork,
  ): Promise<{ chainKey: string; response: unknown } | undefined>
}

/** Sending the native token or a token. */
export type TransferCapability = {
  /** Builds a native or token transfer and checks it against the chain before the wallet sees it. */
  prepareTransfer(parameters: PrepareTransferParameters): Promise<PreparedTransfer>
  /** Hands a prepared transfer to the wallet; resolves with the transaction hash. */
  sendTransfer(connector: Connector, prepared: PreparedTransfer): Promise<string>
  /** Waits until the transaction is mined. */
  waitForTransfer(hash: string, network: PorticoNetwork): Promise<TransferReceipt>
}

/**
 * A transaction built elsewhere (by an API, for a contract the app calls), handed to the wallet as
 * it is: the swap's approval and the swap itself.
 */
export type TransactionRequest = {
  /** The account that sends it. */
  from: string
  to: string
  /** Call data (`0x` and hex); none for a plain payment. */
  data?: string
  /** The native amount it carries, in the smallest unit; 0 when absent. */
  value?: bigint
  /** Gas limit; the wallet estimates one when absent. */
  gas?: bigint
}

/** A mined transaction; a reverted one carries the chain's reason when it could be read. */
export type TransactionReceipt = TransferReceipt & { reason?: string }

/** Sending a transaction someone else built, and waiting for its receipt. */
export type TransactionCapability = {
  /**
   * Runs the transaction against the chain first, so one that would revert never reaches the
   * wallet (WALLET_ERROR, the chain's reason in `details.reason`); then hands it to the wallet,
   * for `network` only. Resolves with the transaction hash.
   */
  sendTransaction(
    connector: Connector,
    request: TransactionRequest,
    network: PorticoNetwork,
  ): Promise<string>
  /**
   * Waits until it is mined (TIMEOUT after a while); a revert's receipt carries the chain's reason
   * when it can be read again.
   */
  waitForTransaction(hash: string, network: PorticoNetwork): Promise<TransactionReceipt>
}

/**
 * One chain family (eip155, solana, bip122…). Connecting is the one thing every adapter does;
 * the rest are capabilities an adapter has or not, and features check before they use one.
 */
export type ChainAdapter = {
  namespace: ChainNamespace
  isAddress(address: string): boolean
  connection: ConnectCapability
  networks?: NetworkCapability
  signing?: SignCapability
  balances?: BalanceCapability
  transfers?: TransferCapability
  transactions?: TransactionCapability
}

/** What the client hands an adapter when it loads it. */
export type AdapterContext = {
  /** The app's `fetch` option, for chain reads; the global fetch when absent. */
  fetch?: typeof fetch
}

/** Loads a namespace's adapter (on first use). */
export type AdapterLoader = (context: AdapterContext) => Promise<ChainAdapter>

export type AdapterLoaders = Partial<Record<ChainNamespace, AdapterLoader>>
