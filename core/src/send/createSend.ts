import { atom, computed, type ReadableAtom } from 'nanostores'
import type { AccountFeature, TokenBalance } from '../account/index.js'
import type { PreparedTransfer } from '../adapters/index.js'
import type { BalancesFeature } from '../balances/index.js'
import { BALANCE_NAMESPACES } from '../balances/index.js'
import { parseCaipAddress } from '../caip/index.js'
import type { ConnectionFeature } from '../connection/index.js'
import { NAME_LOOKUP_DEBOUNCE_MS, NO_RETURN_TRANSFER_TOKENS } from '../constants/index.js'
import { isPorticoError, PorticoError } from '../errors/index.js'
import { formatAmount, parseDecimal, truncateAddress } from '../format/index.js'
import type { HistoryFeature } from '../history/index.js'
import type { IdentityFeature } from '../identity/index.js'
import type { Logger } from '../logger/index.js'
import type { NamesFeature } from '../names/index.js'
import type { NetworkFeature } from '../network/index.js'
import type { ToastFeature } from '../toast/index.js'
import { checkAmount, readReceiver, SEND_MESSAGES } from './validation.js'

export type SendReceiver = {
  address: string
  /** The name the user typed, when they typed one. */
  name?: string
  avatar?: string
}

export type SendState = {
  token: TokenBalance | undefined
  amount: string
  /** What the user typed: an address or a name. */
  receiver: string
  /** The address the transfer goes to, once known. */
  resolved: SendReceiver | undefined
  resolving: boolean
  /** The transfer built by `preview`, with its network fee. */
  prepared: PreparedTransfer | undefined
  loading: boolean
  /** Hash of the last transfer sent. */
  hash: string | undefined
}

export type SendErrors = { amount?: string; receiver?: string }

export type SendFeature = {
  $state: ReadableAtom<SendState>
  /** Live validation of what the user typed (empty fields are not errors yet). */
  $errors: ReadableAtom<SendErrors>
  setToken(token: TokenBalance | undefined): void
  setAmount(amount: string): void
  /** The whole balance of the chosen token. */
  setMax(): void
  setReceiver(receiver: string): void
  /** Validates, builds the transfer and estimates its fee (for the preview). */
  preview(): Promise<PreparedTransfer>
  /**
   * Sends through the wallet and waits until it is mined. Then: loading off, form reset, balances
   * (skipping the cache) and history refreshed. A refusal or a revert keeps the form.
   */
  send(): Promise<string>
  reset(): void
}

const EMPTY: SendState = {
  token: undefined,
  amount: '',
  receiver: '',
  resolved: undefined,
  resolving: false,
  prepared: undefined,
  loading: false,
  hash: undefined,
}

export function createSend({
  account,
  network,
  connection,
  balances,
  history,
  names,
  identity,
  toast,
  logger,
  noReturnTransferTokens = [],
}: {
  account: AccountFeature
  network: NetworkFeature
  connection: ConnectionFeature
  balances: BalancesFeature
  history: HistoryFeature
  names: NamesFeature
  identity: IdentityFeature
  toast: ToastFeature
  logger: Logger
  /** More tokens whose transfer returns nothing, as CAIP-10 addresses. */
  noReturnTransferTokens?: readonly string[]
}): SendFeature {
  const $state = atom<SendState>(EMPTY)
  const noReturn = new Set(
    [...NO_RETURN_TRANSFER_TOKENS, ...noReturnTransferTokens].map((a) => a.toLowerCase()),
  )
  let lookup: ReturnType<typeof setTimeout> | undefined
  let lookupId = 0

  const patch = (next: Partial<SendState>) => $state.set({ ...$state.get(), ...next })

  function isAddress(value: string) {
    const active = connection.getActive(account.$activeNamespace.get())
    return active ? active.adapter.isAddress(value) : /^0x[0-9a-fA-F]{40}$/.test(value)
  }

  const $receiverInput = computed($state, (state) => readReceiver(state.receiver, isAddress))
  const $errors = computed([$state, $receiverInput], (state, input): SendErrors => {
    const errors: SendErrors = {}
    const amount = checkAmount(state.amount, state.token)
    if (amount) errors.amount = amount
    if (input.kind === 'invalid') errors.receiver = input.message
    else if (input.kind === 'name' && !state.resolving && !state.resolved && state.receiver) {
      errors.receiver = SEND_MESSAGES.nameNotFound
    }
    return errors
  })

  async function resolve(name: string, id: number) {
    try {
      const address = await names.resolveName(name)
      if (id !== lookupId) return
      if (!address) {
        patch({ resolved: undefined, resolving: false })
        return
      }
      patch({ resolved: { address, name }, resolving: false })
      const { avatar } = await identity.fetchIdentity(address).catch(() => ({ avatar: null }))
      if (id === lookupId && avatar) patch({ resolved: { address, name, avatar } })
    } catch (error) {
      if (id !== lookupId) return
      logger.warn('could not resolve the receiver name', error)
      patch({ resolved: undefined, resolving: false })
    }
  }

  function setReceiver(receiver: string) {
    clearTimeout(lookup)
    const id = ++lookupId
    const input = readReceiver(receiver, isAddress)
    if (input.kind === 'address') {
      patch({
        receiver,
        resolved: { address: input.address },
        resolving: false,
        prepared: undefined,
      })
    } else if (input.kind === 'name') {
      patch({ receiver, resolved: undefined, resolving: true, prepared: undefined })
      lookup = setTimeout(() => void resolve(input.name, id), NAME_LOOKUP_DEBOUNCE_MS)
    } else {
      patch({ receiver, resolved: undefined, resolving: false, prepared: undefined })
    }
  }

  async function validated() {
    const state = $state.get()
    if (!state.amount.trim() || !state.receiver.trim()) {
      throw new PorticoError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
    }
    if (!state.token) throw new PorticoError('SEND_TOKEN_REQUIRED')
    const errors = $errors.get()
    const problem = errors.amount ?? errors.receiver
    if (problem) throw new PorticoError('INVALID_INPUT', problem)
    const namespace = account.$activeNamespace.get()
    if (!BALANCE_NAMESPACES.includes(namespace)) {
      throw new PorticoError('INVALID_INPUT', `Sending is not available on ${namespace}`)
    }
    const { address } = account.get(namespace)
    const active = connection.getActive(namespace)
    if (!address || !active) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    let receiver = state.resolved
    if (!receiver) {
      const input = readReceiver(state.receiver, isAddress)
      if (input.kind !== 'name')
        throw new PorticoError('INVALID_INPUT', SEND_MESSAGES.invalidAddress)
      const resolvedAddress = await names.resolveName(input.name)
      if (!resolvedAddress) throw new PorticoError('INVALID_INPUT', SEND_MESSAGES.nameNotFound)
      receiver = { address: resolvedAddress, name: input.name }
      patch({ resolved: receiver, resolving: false })
    }
    const chain = network.$walletChains.get()[namespace]
    const target = chain ? network.find(chain) : undefined
    if (!target) throw new PorticoError('UNSUPPORTED_CHAIN')
    const token = state.token
    const decimals = Number(token.quantity.decimals)
    const amount = parseDecimal(state.amount, decimals)
    if (amount === undefined) throw new PorticoError('INVALID_INPUT', SEND_MESSAGES.amountNotNumber)
    const tokenAddress = token.address ? parseCaipAddress(token.address).address : undefined
    return {
      state,
      active,
      target,
      namespace,
      parameters: {
        from: address,
        to: receiver.address,
        tokenAddress,
        amount,
        network: target,
        noReturnTransfer: token.address ? noReturn.has(token.address.toLowerCase()) : false,
      },
    }
  }

  async function preview() {
    const { active, parameters } = await validated()
    const prepared = await active.adapter.prepareTransfer(parameters)
    patch({ prepared })
    return prepared
  }

  function refreshAfterSend() {
    void balances.refreshNativeBalance({ force: true })
    void balances.fetchTokenBalances({ forceUpdate: true })
    void history.refresh()
  }

  return {
    $state,
    $errors,
    setToken(token) {
      patch({ token, prepared: undefined })
    },
    setAmount(amount) {
      patch({ amount, prepared: undefined })
    },
    setMax() {
      const token = $state.get().token
      if (token) patch({ amount: token.quantity.numeric, prepared: undefined })
    },
    setReceiver,
    preview,
    async send() {
      if ($state.get().loading)
        throw new PorticoError('INVALID_INPUT', 'A transfer is already on its way')
      const { active, target, parameters, state } = await validated()
      patch({ loading: true })
      try {
        const prepared = state.prepared ?? (await active.adapter.prepareTransfer(parameters))
        const hash = await active.adapter.sendTransfer(active.connector, prepared)
        patch({ hash })
        const receipt = await active.adapter.waitForTransfer(hash, target)
        if (receipt.status !== 'success') {
          throw new PorticoError('WALLET_ERROR', 'The transfer failed on chain', {
            details: { hash },
          })
        }
        const symbol = state.token?.symbol ?? ''
        $state.set({ ...EMPTY, hash })
        toast.showSuccess(
          `Sent ${formatAmount(state.amount, 6)} ${symbol} · ${truncateAddress(hash)}`,
        )
        refreshAfterSend()
        return hash
      } catch (cause) {
        const error = isPorticoError(cause)
          ? cause
          : new PorticoError('WALLET_ERROR', 'The transfer failed', { cause })
        patch({ loading: false })
        toast.showError(
          error.code === 'USER_REJECTED' ? 'The wallet declined the transfer' : error.message,
        )
        throw error
      }
    },
    reset() {
      clearTimeout(lookup)
      lookupId++
      $state.set(EMPTY)
    },
  }
}
