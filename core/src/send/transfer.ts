// Not in the kit: taken through the module other halves take such helpers from. A half that
// reaches the first load only module by module cuts the files those modules share with other
// halves into more files (three here); through it they stay whole.
import {
  errorMessage,
  formatAmount,
  isPorticoError,
  PorticoError,
  parseCaipAddress,
  parseDecimal,
  truncateAddress,
} from '../kit.js'
import type { Message } from '../messages/index.js'
import type { SendForm } from './form.js'
import { NO_RETURN_TRANSFER_TOKENS } from './tuning.js'
import type { SendShell } from './types.js'
import { SEND_MESSAGES } from './validation.js'

/**
 * The transfer: the form checked as a whole, the transfer built for the wallet's chain, sent,
 * waited for, and what follows a mined transfer (form reset, toast, balances and history
 * refreshed).
 */
export function createTransfer(shell: SendShell, form: SendForm) {
  const { stores, connection, network, balances, history, toast } = shell
  const { $state } = stores
  const { patch } = form
  const noReturn = new Set(
    [...NO_RETURN_TRANSFER_TOKENS, ...shell.noReturnTransferTokens].map((a) => a.toLowerCase()),
  )
  const invalid = (message: Message) =>
    new PorticoError('INVALID_INPUT', 'The send form is not valid', { details: { message } })

  async function validated() {
    const state = $state.get()
    if (!state.amount.trim() || !state.receiver.trim()) {
      throw new PorticoError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
    }
    if (!state.token) throw new PorticoError('SEND_TOKEN_REQUIRED')
    const errors = form.$errors.get()
    const problem = errors.amount ?? errors.receiver
    if (problem) throw invalid(problem)
    const namespace = network.$activeNamespace.get()
    if (!shell.sendableNamespaces.includes(namespace)) {
      throw new PorticoError('INVALID_INPUT', `Sending is not available on ${namespace}`)
    }
    const { address } = connection.get(namespace)
    const active = connection.getActive(namespace)
    const transfers = active?.adapter.transfers
    if (!address || !active || !transfers) throw new PorticoError('NO_ACTIVE_CAIP_ADDRESS')
    let receiver = state.resolved
    const input = form.$input.get()
    // An address typed before its namespace's wallet connected is read as one now.
    if (!receiver && input.kind === 'address') receiver = { address: input.address }
    if (!receiver) {
      if (input.kind !== 'name') throw invalid(SEND_MESSAGES.invalidAddress)
      const resolvedAddress = await shell.names.resolveName(input.name)
      if (!resolvedAddress) throw invalid(SEND_MESSAGES.nameNotFound)
      receiver = { address: resolvedAddress, name: input.name }
      patch({ resolved: receiver, resolving: false })
    }
    const chain = network.$walletChains.get()[namespace]
    const target = chain ? network.find(chain) : undefined
    if (!target) throw new PorticoError('UNSUPPORTED_CHAIN')
    const token = state.token
    // A token of another chain (or chosen before a network switch) is never sent here.
    if (token.chainId !== target.id) {
      throw new PorticoError('INVALID_INPUT', 'The token is on another network than the wallet', {
        details: {
          message: SEND_MESSAGES.wrongNetwork,
          tokenChain: token.chainId,
          walletChain: target.id,
        },
      })
    }
    const decimals = Number(token.quantity.decimals)
    const amount = parseDecimal(state.amount, decimals)
    if (amount === undefined) throw invalid(SEND_MESSAGES.amountNotNumber)
    const tokenAddress = token.address ? parseCaipAddress(token.address).address : undefined
    return {
      state,
      namespace,
      active,
      transfers,
      target,
      parameters: {
        from: address,
        to: receiver.address,
        tokenAddress,
        amount,
        // The adapter checks them against the token's on chain before anything is built.
        decimals,
        network: target,
        noReturnTransfer: token.address ? noReturn.has(token.address.toLowerCase()) : false,
      },
    }
  }

  async function preview() {
    const { transfers, parameters, state, namespace, target } = await validated()
    const prepared = await transfers.prepareTransfer(parameters)
    // While the wallet built it, the form may have been edited or reset, or the wallet moved:
    // then it is not this form's preview, and must not be the transfer `send` reuses.
    const now = $state.get()
    const current =
      now.token === state.token &&
      now.amount === state.amount &&
      now.receiver === state.receiver &&
      connection.get(namespace).address === parameters.from &&
      network.$walletChains.get()[namespace] === target.id
    if (current) patch({ prepared })
    return prepared
  }

  async function send() {
    const { active, transfers, target, parameters, state } = await validated()
    try {
      // The preview's transfer is reused only for the chain and account it was built for.
      const previewed = state.prepared
      const prepared =
        previewed &&
        previewed.chainId === target.id &&
        previewed.from.toLowerCase() === parameters.from.toLowerCase()
          ? previewed
          : await transfers.prepareTransfer(parameters)
      const hash = await transfers.sendTransfer(active.connector, prepared)
      const receipt = await transfers.waitForTransfer(hash, target)
      if (receipt.status !== 'success') {
        throw new PorticoError('WALLET_ERROR', 'The transfer failed on chain', {
          details: { hash },
        })
      }
      $state.set(shell.empty)
      toast.showSuccess({
        key: 'send.sent',
        params: {
          amount: formatAmount(state.amount, 6),
          symbol: state.token?.symbol ?? '',
          hash: truncateAddress(hash),
        },
      })
      void balances.refreshNativeBalance({ force: true })
      void balances.fetchTokenBalances({ forceUpdate: true })
      void history.refresh()
      return hash
    } catch (cause) {
      const error = isPorticoError(cause)
        ? cause
        : new PorticoError('WALLET_ERROR', 'The transfer failed', { cause })
      toast.showError(
        error.code === 'USER_REJECTED' ? { key: 'send.declined' } : errorMessage(error),
      )
      throw error
    }
  }

  return { preview, send }
}
