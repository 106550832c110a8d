import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  pipe,
  type ReadonlyUint8Array,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { NATIVE_DECIMALS } from '../../chains/constants.js'
import type { Connector, StandardWalletAccount } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { formatDecimal } from '../../format/index.js'
import { networkReference, type PorticoNetwork } from '../../options/index.js'
import { isRecord } from '../../storage/validators.js'
import {
  accountsOf,
  requireFeature,
  standardFeature,
  standardWalletOf,
  toStandardWalletError,
} from '../standardWallet.js'
import type {
  AdapterAccount,
  AdapterContext,
  AdapterEventHandlers,
  ChainAdapter,
  NativeBalance,
  PreparedTransfer,
  PrepareTransferParameters,
  TransferReceipt,
} from '../types.js'
import { solanaReferences, walletChainName } from './chains.js'
import {
  associatedTokenAddress,
  createAssociatedTokenAccountInstruction,
  readMint,
  TOKEN_2022_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  transferCheckedInstruction,
  transferSolInstruction,
} from './instructions.js'
import { createSolanaRpc, type SolanaRpc } from './rpc.js'

/** How often a sent transfer's status is asked for. Ours: a Solana slot is about 400 ms. */
export const SOLANA_CONFIRM_POLL_MS = 1_000
/** How long a sent transfer is waited for at most (as on EVM). Ours. */
export const SOLANA_CONFIRM_TIMEOUT_MS = 120_000
/** Token-2022 associated accounts carry the ImmutableOwner extension: 5 bytes more. */
const TOKEN_2022_ACCOUNT_SIZE = TOKEN_ACCOUNT_SIZE + 5

type ConnectFeature = {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly unknown[] }>
}
type DisconnectFeature = { disconnect(): Promise<void> }
type EventsFeature = {
  on(event: 'change', listener: (properties: { accounts?: readonly unknown[] }) => void): () => void
}
type SignMessageFeature = {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}
type SignTransactionFeature = {
  signTransaction(
    ...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>
}
type SignAndSendFeature = {
  signAndSendTransaction(
    ...inputs: {
      account: StandardWalletAccount
      transaction: Uint8Array
      chain: string
      options?: { preflightCommitment?: string }
    }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

/** An account the wallet offers for Solana: it names a Solana chain, or no chain at all. */
const isSolanaAccount = (account: StandardWalletAccount) =>
  account.chains.length === 0 || account.chains.some((chain) => chain.startsWith('solana:'))

/** What a wallet's accounts give the connection: their addresses and the chains of the first. */
export function toAdapterAccount(accounts: readonly StandardWalletAccount[]): AdapterAccount {
  const chains = solanaReferences(accounts[0]?.chains ?? [])
  return {
    addresses: accounts.map((account) => account.address),
    chainReference: chains[0] ?? 'unknown',
    chains,
  }
}

const signatureOf = (bytes: unknown, action: string): string => {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 64) {
    throw new PorticoError('WALLET_ERROR', `The wallet answered the ${action} with no signature`)
  }
  return getBase58Decoder().decode(bytes)
}

/**
 * A prepared Solana transfer's request: its instructions, payer and RPC. The message is compiled
 * again when it is sent, with a fresh blockhash.
 */
type SolanaTransferRequest = {
  feePayer: Address
  instructions: readonly Instruction[]
  rpcUrl: string
}

/** The Solana adapter, on @solana/kit, for Wallet Standard wallets. Loaded on demand. */
export function createSolanaAdapter({ fetch: fetchFn }: AdapterContext = {}): ChainAdapter {
  const rpcs = new Map<string, SolanaRpc>()
  /** Until which block height each sent transfer can still land. */
  const lastValid = new Map<string, bigint>()

  function rpcUrlOf(network: PorticoNetwork): string {
    const url = network.rpcUrls.http[0]
    if (!url) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: network.id } })
    return url
  }

  function rpcFor(network: PorticoNetwork | string): SolanaRpc {
    const url = typeof network === 'string' ? network : rpcUrlOf(network)
    let rpc = rpcs.get(url)
    if (!rpc) {
      rpc = createSolanaRpc(url, fetchFn)
      rpcs.set(url, rpc)
    }
    return rpc
  }

  function accountFor(connector: Connector, owner: string): StandardWalletAccount {
    const wallet = standardWalletOf(connector)
    const account = accountsOf(wallet.accounts, isSolanaAccount).find((a) => a.address === owner)
    if (!account) {
      throw new PorticoError('WALLET_ERROR', `${connector.name} no longer shares ${owner}`)
    }
    return account
  }

  async function readAccounts(connector: Connector, silent: boolean) {
    const wallet = standardWalletOf(connector)
    const feature = requireFeature<ConnectFeature>(wallet, 'standard:connect', 'connect')
    // A wallet that already shares accounts with the page need not be asked again.
    const shared = silent ? accountsOf(wallet.accounts, isSolanaAccount) : []
    if (shared.length > 0) return shared
    const answer = await feature.connect(silent ? { silent: true } : undefined)
    return accountsOf(isRecord(answer) ? answer.accounts : undefined, isSolanaAccount)
  }

  async function getNativeBalance(owner: string, network: PorticoNetwork): Promise<NativeBalance> {
    const value = await rpcFor(network).getBalance(owner)
    const decimals = NATIVE_DECIMALS.solana
    return {
      value,
      decimals,
      symbol: network.nativeCurrency.symbol,
      formatted: formatDecimal(value, decimals),
    }
  }

  function checkAddress(value: string, what: string): Address {
    if (!isAddress(value)) {
      throw new PorticoError('INVALID_INPUT', `The ${what} is not a Solana address`, {
        details: { address: value },
      })
    }
    return address(value)
  }

  async function compile(rpc: SolanaRpc, request: SolanaTransferRequest) {
    const lifetime = await rpc.getLatestBlockhash()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(request.feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: lifetime.blockhash as Blockhash,
            lastValidBlockHeight: lifetime.lastValidBlockHeight,
          },
          m,
        ),
      (m) => appendTransactionMessageInstructions(request.instructions, m),
    )
    return { transaction: compileTransaction(message), lifetime }
  }

  async function prepareTransfer(parameters: PrepareTransferParameters): Promise<PreparedTransfer> {
    const { network, amount } = parameters
    if (amount <= 0n) throw new PorticoError('INVALID_INPUT', 'The amount must be above zero')
    const rpc = rpcFor(network)
    const from = checkAddress(parameters.from, 'sender')
    const to = checkAddress(parameters.to, 'receiver')
    const instructions: Instruction[] = []
    let rent = 0n
    if (parameters.tokenAddress === undefined) {
      instructions.push(transferSolInstruction(from, to, amount))
    } else {
      const mintAddress = checkAddress(parameters.tokenAddress, 'token')
      const mint = readMint(await rpc.getAccountInfo(mintAddress))
      if (!mint) {
        throw new PorticoError('INVALID_INPUT', 'The token is not a mint on this network', {
          details: { mint: mintAddress },
        })
      }
      const [source, destination] = await Promise.all([
        associatedTokenAddress(from, mintAddress, mint.tokenProgram),
        associatedTokenAddress(to, mintAddress, mint.tokenProgram),
      ])
      const [sourceAccount, destinationAccount] = await Promise.all([
        rpc.getAccountInfo(source),
        rpc.getAccountInfo(destination),
      ])
      if (!sourceAccount) {
        throw new PorticoError('INVALID_INPUT', 'The account holds none of this token', {
          details: { mint: mintAddress },
        })
      }
      // The receiver has no account for the token yet: the sender creates it (and pays its rent).
      if (!destinationAccount) {
        instructions.push(
          createAssociatedTokenAccountInstruction(
            from,
            destination,
            to,
            mintAddress,
            mint.tokenProgram,
          ),
        )
        rent = await rpc.getMinimumBalanceForRentExemption(
          mint.tokenProgram === TOKEN_2022_PROGRAM ? TOKEN_2022_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE,
        )
      }
      instructions.push(
        transferCheckedInstruction({
          source,
          mint: mintAddress,
          destination,
          owner: from,
          amount,
          decimals: mint.decimals,
          tokenProgram: mint.tokenProgram,
        }),
      )
    }
    const request: SolanaTransferRequest = {
      feePayer: from,
      instructions,
      rpcUrl: rpcUrlOf(network),
    }
    const { transaction } = await compile(rpc, request)
    const messageBase64 = getBase64Decoder().decode(transaction.messageBytes)
    // Null when the blockhash expired meanwhile: every signature still costs the base fee.
    const fee =
      (await rpc.getFeeForMessage(messageBase64)) ??
      BigInt(Object.keys(transaction.signatures).length) * 5_000n
    const total = fee + rent
    return {
      chainId: network.id,
      from: parameters.from,
      request,
      fee: {
        value: total,
        formatted: formatDecimal(total, NATIVE_DECIMALS.solana),
        symbol: network.nativeCurrency.symbol,
      },
    }
  }

  function transferRequest(prepared: PreparedTransfer): SolanaTransferRequest {
    const request = prepared.request as Partial<SolanaTransferRequest>
    if (
      typeof request.feePayer !== 'string' ||
      typeof request.rpcUrl !== 'string' ||
      !Array.isArray(request.instructions)
    ) {
      throw new PorticoError('INVALID_INPUT', 'This transfer was not prepared for Solana')
    }
    return request as SolanaTransferRequest
  }

  async function sendTransfer(connector: Connector, prepared: PreparedTransfer): Promise<string> {
    const request = transferRequest(prepared)
    const rpc = rpcFor(request.rpcUrl)
    const wallet = standardWalletOf(connector)
    const account = accountFor(connector, prepared.from)
    // Built again with a fresh blockhash: the preview may be older than a blockhash lives.
    const { transaction, lifetime } = await compile(rpc, request)
    const bytes = new Uint8Array(getTransactionEncoder().encode(transaction))
    const chain = walletChainName(account.chains, networkReference({ id: prepared.chainId }))
    let signature: string
    const signAndSend = standardFeature<SignAndSendFeature>(
      wallet,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
    )
    try {
      if (signAndSend) {
        const [output] = await signAndSend.signAndSendTransaction({
          account,
          transaction: bytes,
          chain,
          options: { preflightCommitment: 'confirmed' },
        })
        signature = signatureOf(output?.signature, 'transaction')
      } else {
        const sign = requireFeature<SignTransactionFeature>(
          wallet,
          'solana:signTransaction',
          'signTransaction',
        )
        const [output] = await sign.signTransaction({ account, transaction: bytes, chain })
        if (!(output?.signedTransaction instanceof Uint8Array)) {
          throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signed transaction')
        }
        signature = await rpc.sendTransaction(getBase64Decoder().decode(output.signedTransaction))
      }
    } catch (error) {
      if (error instanceof PorticoError) throw error
      throw toStandardWalletError(error, 'transaction')
    }
    lastValid.set(signature, lifetime.lastValidBlockHeight)
    return signature
  }

  async function waitForTransfer(
    signature: string,
    network: PorticoNetwork,
  ): Promise<TransferReceipt> {
    const rpc = rpcFor(network)
    const deadline = Date.now() + SOLANA_CONFIRM_TIMEOUT_MS
    const validUntil = lastValid.get(signature)
    for (;;) {
      const status = await rpc.getSignatureStatus(signature)
      if (
        status?.confirmationStatus === 'confirmed' ||
        status?.confirmationStatus === 'finalized'
      ) {
        lastValid.delete(signature)
        return { hash: signature, status: status.err === null ? 'success' : 'reverted' }
      }
      // Not seen and its blockhash expired: it can no longer land.
      if (!status && validUntil !== undefined && (await rpc.getBlockHeight()) > validUntil) {
        lastValid.delete(signature)
        throw new PorticoError('WALLET_ERROR', 'The transfer expired before it landed', {
          details: { hash: signature },
        })
      }
      if (Date.now() >= deadline) {
        throw new PorticoError('TIMEOUT', 'The transfer was not confirmed in time', {
          details: { hash: signature, seconds: SOLANA_CONFIRM_TIMEOUT_MS / 1_000 },
        })
      }
      await new Promise((resolve) => setTimeout(resolve, SOLANA_CONFIRM_POLL_MS))
    }
  }

  function subscribe(connector: Connector, handlers: AdapterEventHandlers): () => void {
    const wallet = standardWalletOf(connector)
    const events = standardFeature<EventsFeature>(wallet, 'standard:events', 'on')
    if (!events) return () => undefined
    const off = events.on('change', (properties) => {
      try {
        if (!isRecord(properties) || !('accounts' in properties)) return
        const accounts = accountsOf(properties.accounts, isSolanaAccount)
        if (accounts.length === 0) {
          handlers.accountsChanged([])
          return
        }
        const { addresses, chains } = toAdapterAccount(accounts)
        handlers.accountsChanged(addresses, chains)
      } catch {
        // A malformed event changes nothing.
      }
    })
    return typeof off === 'function' ? off : () => undefined
  }

  async function signMessage(
    connector: Connector,
    owner: string,
    message: string,
  ): Promise<string> {
    const wallet = standardWalletOf(connector)
    const feature = requireFeature<SignMessageFeature>(wallet, 'solana:signMessage', 'signMessage')
    const account = accountFor(connector, owner)
    try {
      const [output] = await feature.signMessage({
        account,
        message: new TextEncoder().encode(message),
      })
      return signatureOf(output?.signature, 'signature request')
    } catch (error) {
      if (error instanceof PorticoError) throw error
      throw toStandardWalletError(error, 'signature request')
    }
  }

  /**
   * The Solana wallet methods of WalletConnect's Solana RPC, with its parameter shapes (one
   * object): `solana_signMessage` `{ message (base58), pubkey }` → `{ signature }`,
   * `solana_signTransaction` `{ transaction (base64), pubkey?, chain? }` → `{ signature,
   * transaction }`, `solana_signAndSendTransaction` (same) → `{ signature }`.
   */
  async function request(
    connector: Connector,
    method: string,
    params?: readonly unknown[],
  ): Promise<unknown> {
    const input = isRecord(params?.[0]) ? params[0] : {}
    const wallet = standardWalletOf(connector)
    const owner =
      typeof input.pubkey === 'string'
        ? input.pubkey
        : accountsOf(wallet.accounts, isSolanaAccount)[0]?.address
    if (!owner) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    const account = accountFor(connector, owner)
    const chain = typeof input.chain === 'string' ? input.chain : account.chains[0]
    const bytesOf = (field: string, decode: (text: string) => ReadonlyUint8Array) => {
      const value = input[field]
      try {
        if (typeof value !== 'string') throw new Error()
        return new Uint8Array(decode(value))
      } catch {
        throw new PorticoError('INVALID_INPUT', `${method} needs ${field} as text`, {
          details: { field },
        })
      }
    }
    try {
      switch (method) {
        case 'solana_signMessage': {
          const feature = requireFeature<SignMessageFeature>(
            wallet,
            'solana:signMessage',
            'signMessage',
          )
          const message = bytesOf('message', (text) => getBase58Encoder().encode(text))
          const [output] = await feature.signMessage({ account, message })
          return { signature: signatureOf(output?.signature, 'signature request') }
        }
        case 'solana_signTransaction': {
          const feature = requireFeature<SignTransactionFeature>(
            wallet,
            'solana:signTransaction',
            'signTransaction',
          )
          const transaction = bytesOf('transaction', (text) => getBase64Encoder().encode(text))
          const [output] = await feature.signTransaction({ account, transaction, chain })
          const signed = output?.signedTransaction
          if (!(signed instanceof Uint8Array)) {
            throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signed transaction')
          }
          const signatures = getTransactionDecoder().decode(signed).signatures as Record<
            string,
            unknown
          >
          return {
            signature: signatureOf(signatures[owner], 'transaction'),
            transaction: getBase64Decoder().decode(signed),
          }
        }
        case 'solana_signAndSendTransaction': {
          const feature = requireFeature<SignAndSendFeature>(
            wallet,
            'solana:signAndSendTransaction',
            'signAndSendTransaction',
          )
          const transaction = bytesOf('transaction', (text) => getBase64Encoder().encode(text))
          const [output] = await feature.signAndSendTransaction({
            account,
            transaction,
            chain: chain ?? 'solana:mainnet',
          })
          return { signature: signatureOf(output?.signature, 'transaction') }
        }
        default:
          throw new PorticoError('INVALID_INPUT', `Solana wallets do not take ${method}`, {
            details: { method },
          })
      }
    } catch (error) {
      if (error instanceof PorticoError) throw error
      throw toStandardWalletError(error, method)
    }
  }

  return {
    namespace: 'solana',
    isAddress: (value) => isAddress(value),
    connection: {
      async connect(connector) {
        try {
          const accounts = await readAccounts(connector, false)
          if (accounts.length === 0) {
            throw new PorticoError('WALLET_ERROR', 'The wallet shared no Solana account')
          }
          return toAdapterAccount(accounts)
        } catch (error) {
          if (error instanceof PorticoError) throw error
          throw toStandardWalletError(error, 'connection request')
        }
      },
      async reconnect(connector) {
        try {
          const accounts = await readAccounts(connector, true)
          return accounts.length > 0 ? toAdapterAccount(accounts) : undefined
        } catch (error) {
          if (error instanceof PorticoError) throw error
          throw toStandardWalletError(error, 'reconnection')
        }
      },
      async disconnect(connector) {
        const feature = standardFeature<DisconnectFeature>(
          standardWalletOf(connector),
          'standard:disconnect',
          'disconnect',
        )
        // A wallet without the feature keeps the permission, which is harmless.
        await feature?.disconnect().catch(() => undefined)
      },
      subscribe,
    },
    networks: {
      // A Solana wallet has no current cluster: it signs for any it lists. Switching is the app's
      // choice, allowed when the connected account may be used on the network.
      async switchNetwork(connector, network) {
        const chains = accountsOf(standardWalletOf(connector).accounts, isSolanaAccount).flatMap(
          (account) => solanaReferences(account.chains),
        )
        if (!chains.includes(networkReference(network))) {
          throw new PorticoError('UNSUPPORTED_CHAIN', { details: { id: network.id } })
        }
      },
    },
    signing: { signMessage, request },
    balances: { getNativeBalance },
    transfers: {
      prepareTransfer,
      sendTransfer,
      waitForTransfer,
    },
  }
}
