import type {
  Abi,
  Account,
  Address,
  Chain,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionParameters,
  Hash,
  Hex,
  PublicClient,
  ReadContractReturnType,
  TransactionReceipt,
  Transport,
  TypedData,
  TypedDataDefinition,
  WalletClient,
} from 'viem'
import type { ChainNamespace } from '../caip/index.js'
import type { Eip1193Provider } from '../connectors/index.js'
import type { PorticoError } from '../errors/index.js'

/** What the app's calls do when the wallet is on another chain than the one asked for. */
export type WrongChainRule = 'switch' | 'refuse'

/** The options of the app's own calls (`createPortico({ wallet: { … } })`). */
export type WalletOptions = {
  wallet?: {
    /**
     * A call for a chain the wallet is not on: ask the wallet to switch first (`'switch'`, the
     * default: the wallet shows the switch, the user decides), or refuse at once with
     * CHAIN_MISMATCH (`'refuse'`: the app switches itself, with `connection.switchNetwork`).
     */
    wrongChain?: WrongChainRule
  }
}

export type ResolvedWalletOptions = { wrongChain: WrongChainRule }

/**
 * The connected wallet as an EIP-1193 provider. It follows the namespace's active connection
 * whatever the connector (a browser wallet, WalletConnect, the embedded wallet with its approval
 * views): `accountsChanged`, `chainChanged`, `connect` and `disconnect` are emitted when
 * Portico's stores change. Errors follow EIP-1193: `code` 4001 (the user refused), 4100 (the
 * account the request was for is no longer connected), 4900 (no wallet connected), 4901 (the
 * wallet is on another chain), and what the wallet itself threw.
 */
export type PorticoProvider = Required<Eip1193Provider> & {
  /** The namespace it serves. */
  readonly namespace: ChainNamespace
}

/** An EIP-1193 error: what `PorticoProvider` rejects with. */
export type ProviderRpcError = Error & { code: number; data?: unknown }

/** Which chain an EVM call is for: the wallet's current one when absent. */
export type ChainParameter = {
  /** A chain id of the app's eip155 networks (`1`, `8453`…). */
  chainId?: number
}

/** A viem wallet client bound to the connected account and its chain. */
export type PorticoWalletClient = WalletClient<Transport, Chain, Account>

/** Which namespace's wallet `getProvider` gives (eip155 by default). */
export type GetProviderParameters = { namespace?: ChainNamespace }
/** Why `getProvider` rejects: the namespace is not one EIP-1193 serves (INVALID_INPUT). */
export type GetProviderErrorType = PorticoError<'INVALID_INPUT' | 'MODULE_LOAD_FAILED'>

/** The chain the wallet client is bound to: the wallet's current one by default. */
export type GetWalletClientParameters = ChainParameter
/**
 * Why `getWalletClient` rejects: no EVM wallet is connected (NOT_CONNECTED), the chain is not one
 * of the app's (NETWORK_NOT_FOUND), the code could not be fetched (MODULE_LOAD_FAILED). A client
 * whose account was replaced refuses every request (ACCOUNT_CHANGED: ask for a new client).
 */
export type GetWalletClientErrorType = PorticoError<
  'NOT_CONNECTED' | 'NETWORK_NOT_FOUND' | 'MODULE_LOAD_FAILED'
>

/** The app network the public client reads: the wallet's (or the active) EVM one by default. */
export type GetPublicClientParameters = ChainParameter
/**
 * Why `getPublicClient` rejects: the chain is not one of the app's, or none of them is EVM
 * (NETWORK_NOT_FOUND); the code could not be fetched (MODULE_LOAD_FAILED).
 */
export type GetPublicClientErrorType = PorticoError<'NETWORK_NOT_FOUND' | 'MODULE_LOAD_FAILED'>

/** The errors of a request the wallet is asked to approve. */
type WalletRequestError =
  | 'NOT_CONNECTED'
  | 'ACCOUNT_CHANGED'
  | 'CHAIN_MISMATCH'
  | 'NETWORK_NOT_FOUND'
  | 'USER_REJECTED'
  | 'WALLET_ERROR'
  | 'WALLET_TIMEOUT'
  | 'ABORTED'
  | 'REQUEST_ABORTED'
  | 'MODULE_LOAD_FAILED'
  | 'CHAIN_ADAPTER_NOT_FOUND'

/** What `signMessage` signs, and with which namespace's wallet. */
export type SignMessageParameters = {
  message: string
  /** The namespace whose wallet signs: the active one when absent. */
  namespace?: ChainNamespace
}
/**
 * The signature as the namespace writes it: EVM hex (EIP-191 `personal_sign`), Solana base58,
 * Bitcoin base64 (BIP-322).
 */
export type SignMessageReturnType = string
/**
 * Why `signMessage` rejects: nothing connected there (NOT_CONNECTED), the user refused
 * (USER_REJECTED, `details.code` 4001), the wallet failed (WALLET_ERROR) or did not answer in
 * 120 s (WALLET_TIMEOUT), the user disconnected or the account changed while it waited (ABORTED,
 * ACCOUNT_CHANGED), or closed the modal while it waited (REQUEST_ABORTED, 'Request was aborted').
 */
export type SignMessageErrorType = PorticoError<WalletRequestError>

/**
 * EIP-712 typed data (viem's `TypedDataDefinition`: domain, types, primaryType, message); the
 * wallet is put on `chainId`, or on the domain's chain when the app lists it.
 */
export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
> = TypedDataDefinition<typedData, primaryType> & ChainParameter
/** The EIP-712 signature, hex. */
export type SignTypedDataReturnType = Hex
/** Why `signTypedData` rejects: as `signMessage`, and bad typed data (INVALID_INPUT). */
export type SignTypedDataErrorType = PorticoError<WalletRequestError | 'INVALID_INPUT'>

/** A transaction the app built: the connected account sends it, on `chainId` when given. */
export type SendTransactionParameters = ChainParameter & {
  to: Address
  data?: Hex
  /** In wei. */
  value?: bigint
  gas?: bigint
}
/** The mined transaction. */
export type SendTransactionReturnType = { hash: Hash; receipt: TransactionReceipt }
/**
 * Why `sendTransaction` rejects: as `signMessage`; the chain refused it before the wallet saw it
 * (WALLET_ERROR, the reason in `details.reason`); it reverted once mined (TRANSACTION_REVERTED,
 * `details.hash` and the reason when the chain tells it); it was not mined in time (TIMEOUT,
 * `details.hash`).
 */
export type SendTransactionErrorType = PorticoError<
  WalletRequestError | 'INVALID_INPUT' | 'TRANSACTION_REVERTED' | 'TIMEOUT'
>

type Mutability = 'nonpayable' | 'payable'
type Readable = 'pure' | 'view'

/**
 * A contract call (viem's address, abi, functionName, args, typed from the ABI), with the native
 * value it carries and the chain it is for.
 */
export type WriteContractParameters<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi, Mutability> = ContractFunctionName<
    abi,
    Mutability
  >,
  args extends ContractFunctionArgs<abi, Mutability, functionName> = ContractFunctionArgs<
    abi,
    Mutability,
    functionName
  >,
> = ContractFunctionParameters<abi, Mutability, functionName, args> &
  ChainParameter & { value?: bigint; gas?: bigint }
/** The mined contract call: its hash and receipt. */
export type WriteContractReturnType = SendTransactionReturnType
/** Why `writeContract` rejects: as `sendTransaction` (the simulation's revert is WALLET_ERROR). */
export type WriteContractErrorType = SendTransactionErrorType

/** A contract read (address, abi, functionName, args, typed from the ABI) on an app network. */
export type ReadContractParameters<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi, Readable> = ContractFunctionName<abi, Readable>,
  args extends ContractFunctionArgs<abi, Readable, functionName> = ContractFunctionArgs<
    abi,
    Readable,
    functionName
  >,
> = ContractFunctionParameters<abi, Readable, functionName, args> & ChainParameter
/**
 * Why `readContract` rejects: the chain is not one of the app's (NETWORK_NOT_FOUND), the call
 * reverted or the node failed (WALLET_ERROR is not involved: CONTRACT_READ_FAILED with the cause).
 */
export type ReadContractErrorType = PorticoError<
  'NETWORK_NOT_FOUND' | 'CONTRACT_READ_FAILED' | 'MODULE_LOAD_FAILED'
>

/** A PSBT for the connected Bitcoin wallet to sign (sats-connect's `signPsbt`). */
export type SignPsbtParameters = {
  /** The PSBT, base64. */
  psbt: string
  /** Which inputs each of the wallet's addresses signs: `{ [address]: [inputIndex, …] }`. */
  signInputs: Readonly<Record<string, readonly number[]>>
  /** Finalize and broadcast it once signed (the answer then carries its txid). */
  broadcast?: boolean
}
/** The signed PSBT (base64), and the transaction id when it was broadcast. */
export type SignPsbtReturnType = { psbt: string; txid?: string }
/**
 * Why `signPsbt` rejects: as `signMessage`; a PSBT or inputs that are not what it takes
 * (INVALID_INPUT); a wallet that takes no PSBT or answers without one (WALLET_ERROR).
 */
export type SignPsbtErrorType = PorticoError<WalletRequestError | 'INVALID_INPUT'>

/** A raw request to a namespace's connected wallet (the active namespace by default). */
export type WalletRequestParameters = {
  method: string
  params?: readonly unknown[]
  namespace?: ChainNamespace
}
/** Why `request` rejects: what the namespace's wallet and its adapter reject with. */
export type WalletRequestErrorType = PorticoError<WalletRequestError | 'INVALID_INPUT'>

/**
 * The app's own calls through the connected wallet (`client.wallet`): the wallet as an EIP-1193
 * provider and viem clients, and the actions apps use most, each with the rules of a wallet
 * request (a deadline, a clear error when nothing is connected, the chain is wrong or the account
 * changed, and a refusal kept as USER_REJECTED with code 4001). After a transaction the app sent
 * is mined, Portico's balances and history are read again at once.
 */
export type ConnectedWallet = {
  /** The connected wallet of a namespace (eip155 by default) as an EIP-1193 provider. */
  getProvider(parameters?: GetProviderParameters): Promise<PorticoProvider>
  /** A viem wallet client for the connected EVM account, on `chainId` (switching first). */
  getWalletClient(parameters?: GetWalletClientParameters): Promise<PorticoWalletClient>
  /** A viem public client for one of the app's EVM networks (the active one by default). */
  getPublicClient(parameters?: GetPublicClientParameters): Promise<PublicClient>
  signMessage(parameters: SignMessageParameters): Promise<SignMessageReturnType>
  signTypedData<
    const typedData extends TypedData | Record<string, unknown>,
    primaryType extends keyof typedData | 'EIP712Domain',
  >(parameters: SignTypedDataParameters<typedData, primaryType>): Promise<SignTypedDataReturnType>
  /** Sends a transaction (simulated first) and waits until it is mined. */
  sendTransaction(parameters: SendTransactionParameters): Promise<SendTransactionReturnType>
  /** Simulates a contract call, sends it, and waits until it is mined. */
  writeContract<
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi, Mutability>,
    args extends ContractFunctionArgs<abi, Mutability, functionName>,
  >(parameters: WriteContractParameters<abi, functionName, args>): Promise<WriteContractReturnType>
  /** Asks the connected Bitcoin wallet to sign a PSBT (and to broadcast it, when asked). */
  signPsbt(parameters: SignPsbtParameters): Promise<SignPsbtReturnType>
  /** Reads a contract on one of the app's networks (no wallet needed). */
  readContract<
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi, Readable>,
    const args extends ContractFunctionArgs<abi, Readable, functionName>,
  >(
    parameters: ReadContractParameters<abi, functionName, args>,
  ): Promise<ReadContractReturnType<abi, functionName, args>>
  /**
   * Any request to a namespace's connected wallet (Solana's `solana_signTransaction`, a Bitcoin
   * wallet's `signPsbt`…), with the rules of a wallet request.
   */
  request(parameters: WalletRequestParameters): Promise<unknown>
}
