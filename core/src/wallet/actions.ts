import {
  type Abi,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  getAddress,
  getTypesForEIP712Domain,
  type Hash,
  type Hex,
  isHex,
  serializeTypedData,
  validateTypedData,
} from 'viem'
import { evmChainId, isPorticoError, isRecord, PorticoError, toWalletError } from '../kit.js'
import type { PorticoNetwork } from '../options/index.js'
import type { Calls } from './calls.js'
import type { Clients } from './clients.js'
import type { WalletShell } from './halves.js'
import type {
  PorticoProvider,
  SendTransactionParameters,
  SendTransactionReturnType,
  SignMessageParameters,
  SignPsbtParameters,
  SignPsbtReturnType,
  WalletRequestParameters,
} from './types.js'

const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$|^[A-Za-z0-9+/]{2}==$|^[A-Za-z0-9+/]{3}=$/

/** `{ [address]: [inputIndex, …] }`: addresses as text, indexes as whole numbers. */
export function isSignInputs(value: unknown): value is SignPsbtParameters['signInputs'] {
  if (!isRecord(value)) return false
  const entries = Object.entries(value)
  return (
    entries.length > 0 &&
    entries.every(
      ([address, indexes]) =>
        address.length > 0 &&
        Array.isArray(indexes) &&
        indexes.length > 0 &&
        indexes.every((index) => Number.isSafeInteger(index) && index >= 0),
    )
  )
}

/** Why a call reverts, as the contract says it: its custom error with arguments, or its reason. */
export function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError) {
    const data = reverted.data
    if (data && data.errorName !== 'Error') {
      const args = (data.args ?? []).map((arg) => String(arg)).join(', ')
      return `${data.errorName}(${args})`
    }
    if (reverted.reason) return reverted.reason
  }
  return error.shortMessage
}

type TypedDataInput = Parameters<typeof serializeTypedData>[0] & { chainId?: number }
type ContractInput = {
  address: string
  abi: Abi | readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  chainId?: number
}
type WriteInput = ContractInput & { value?: bigint; gas?: bigint }

/** The app's actions through the connected wallet, on the rules of `calls`. */
export function createActions(
  shell: WalletShell,
  calls: Calls,
  clients: Clients,
  providerOf: (namespace: WalletRequestParameters['namespace']) => PorticoProvider,
) {
  function signMessage({ message, namespace }: SignMessageParameters): Promise<string> {
    if (typeof message !== 'string') {
      return Promise.reject(new PorticoError('INVALID_INPUT', 'The message must be text'))
    }
    const ns = namespace ?? shell.network.$activeNamespace.get()
    return calls.call(
      { namespace: ns, method: 'signMessage', unsafe: true },
      ({ adapter, connector, address }) => {
        if (!adapter.signing) {
          throw new PorticoError('INVALID_INPUT', `${ns} wallets cannot sign messages here`)
        }
        return adapter.signing.signMessage(connector, address, message)
      },
    )
  }

  async function signTypedData({ chainId, ...typedData }: TypedDataInput): Promise<Hex> {
    let serialized: string
    try {
      // As viem's wallet client does: the domain's own types join the message's, so the wallet
      // signs over the domain (without them the domain is serialized empty).
      const types = {
        EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }),
        ...typedData.types,
      }
      validateTypedData({ ...typedData, types } as never)
      serialized = serializeTypedData({ ...typedData, types } as never)
    } catch (cause) {
      throw new PorticoError('INVALID_INPUT', 'The typed data is not valid EIP-712', { cause })
    }
    // The domain names the chain the signature is for: the wallet must be on it when the app
    // lists it (a wallet signs for its current chain only).
    const domainChain = typedData.domain?.chainId
    const chain =
      chainId ??
      (domainChain !== undefined && calls.networkFor(`eip155:${Number(domainChain)}`)
        ? Number(domainChain)
        : undefined)
    return calls.call(
      { namespace: 'eip155', method: 'eth_signTypedData_v4', chainId: chain, unsafe: true },
      async ({ adapter, connector, address }) => {
        const signature = await adapter.signing?.request(connector, 'eth_signTypedData_v4', [
          getAddress(address),
          serialized,
        ])
        if (typeof signature !== 'string' || !isHex(signature)) {
          throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signature')
        }
        return signature
      },
    )
  }

  /** Sends what the app built (simulated first by the adapter) and waits until it is mined. */
  async function send(
    parameters: SendTransactionParameters,
    method: string,
    check?: (address: string, chainId: number) => Promise<void>,
  ): Promise<SendTransactionReturnType> {
    let sentOn: PorticoNetwork | undefined
    const hash = await calls.call(
      { namespace: 'eip155', method, chainId: parameters.chainId, unsafe: true },
      async (active) => {
        if (!active.network) {
          throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: active.chainId } })
        }
        if (!active.adapter.transactions) {
          throw new PorticoError('INVALID_INPUT', 'EVM wallets cannot send transactions here')
        }
        sentOn = active.network
        await check?.(active.address, evmChainId(active.network))
        return active.adapter.transactions.sendTransaction(
          active.connector,
          {
            from: active.address,
            to: parameters.to,
            data: parameters.data,
            value: parameters.value,
            gas: parameters.gas,
          },
          active.network,
        )
      },
    )
    const network = sentOn as PorticoNetwork
    const receipt = await clients.receipt(hash, evmChainId(network))
    if (receipt.status === 'reverted') {
      // Mined already: the adapter runs it again at its block to read why.
      const adapter = await shell.connection.getAdapter('eip155')
      const reason = await adapter.transactions
        ?.waitForTransaction(hash, network)
        .then((mined) => mined.reason)
        .catch(() => undefined)
      throw new PorticoError(
        'TRANSACTION_REVERTED',
        `The transaction reverted${reason ? `: ${reason}` : ''}`,
        { details: reason ? { hash, reason } : { hash } },
      )
    }
    return { hash: hash as Hash, receipt }
  }

  function sendTransaction(parameters: SendTransactionParameters) {
    return send(parameters, 'eth_sendTransaction')
  }

  async function writeContract(parameters: WriteInput): Promise<SendTransactionReturnType> {
    const { address, abi, functionName, args, value, gas, chainId } = parameters
    let data: Hex
    let to: `0x${string}`
    try {
      to = getAddress(address)
      data = encodeFunctionData({ abi: abi as Abi, functionName, args } as never)
    } catch (cause) {
      throw new PorticoError('INVALID_INPUT', `The call of ${functionName} could not be encoded`, {
        cause,
      })
    }
    // Simulated with the ABI first, so a revert says the contract's own error by name.
    const simulate = async (account: string, on: number) => {
      try {
        await clients.publicClient(on).simulateContract({
          address: to,
          abi: abi as Abi,
          functionName,
          args,
          value,
          account: getAddress(account),
        } as never)
      } catch (cause) {
        if (isPorticoError(cause)) throw cause
        const reason = revertReason(cause)
        throw new PorticoError(
          'WALLET_ERROR',
          `This transaction would fail: ${reason ?? 'the chain refused it'}`,
          { cause, details: reason ? { reason } : {} },
        )
      }
    }
    return send({ to, data, value, gas, chainId }, functionName, simulate)
  }

  async function readContract(parameters: ContractInput): Promise<unknown> {
    const { chainId, ...read } = parameters
    const client = clients.publicClient(chainId)
    try {
      return await client.readContract(read as never)
    } catch (cause) {
      const reason = revertReason(cause)
      throw new PorticoError(
        'CONTRACT_READ_FAILED',
        `${read.functionName} could not be read${reason ? `: ${reason}` : ''}`,
        { cause, details: reason ? { reason } : {} },
      )
    }
  }

  async function signPsbt({
    psbt,
    signInputs,
    broadcast,
  }: SignPsbtParameters): Promise<SignPsbtReturnType> {
    if (typeof psbt !== 'string' || !BASE64.test(psbt)) {
      throw new PorticoError('INVALID_INPUT', 'The PSBT must be base64')
    }
    if (!isSignInputs(signInputs)) {
      throw new PorticoError('INVALID_INPUT', 'signInputs must map addresses to input indexes')
    }
    const answer = await calls.call(
      { namespace: 'bip122', method: 'signPsbt', unsafe: true },
      ({ adapter, connector }) => {
        if (!adapter.signing)
          throw new PorticoError('INVALID_INPUT', 'Bitcoin wallets cannot sign here')
        return adapter.signing.request(connector, 'signPsbt', [
          { psbt, signInputs, broadcast: broadcast === true },
        ])
      },
    )
    const signed = isRecord(answer) ? answer.psbt : undefined
    if (typeof signed !== 'string' || !BASE64.test(signed)) {
      throw new PorticoError('WALLET_ERROR', 'The wallet answered with no signed PSBT')
    }
    const txid = isRecord(answer) ? answer.txid : undefined
    if (txid === undefined) return { psbt: signed }
    if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/i.test(txid)) {
      throw new PorticoError('WALLET_ERROR', 'The wallet answered with an invalid transaction id')
    }
    return { psbt: signed, txid }
  }

  async function request({ method, params, namespace }: WalletRequestParameters) {
    const ns = namespace ?? shell.network.$activeNamespace.get()
    try {
      return await providerOf(ns).request({ method, params })
    } catch (error) {
      const cause = error instanceof Error ? error.cause : undefined
      throw isPorticoError(cause) ? cause : toWalletError(error, method)
    }
  }

  return {
    signMessage,
    signTypedData,
    sendTransaction,
    writeContract,
    readContract,
    signPsbt,
    request,
  }
}
