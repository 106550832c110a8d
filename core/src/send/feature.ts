import { atom, computed, type ReadableAtom } from 'nanostores'
import type { PreparedTransfer } from '../adapters/index.js'
import { BALANCE_NAMESPACES, balancesFeature } from '../balances/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { historyFeature } from '../history/index.js'
import { identityFeature } from '../identity/index.js'
import { type AsyncState, createAsyncAction } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { lazyModule } from '../kernel/lazy.js'
import { namesFeature } from '../names/index.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import { NAME_LOOKUP_DEBOUNCE_MS, NO_RETURN_TRANSFER_TOKENS } from './constants.js'
import type { SendErrors, SendOptions, SendState } from './types.js'
import { checkAmount, readReceiver, SEND_MESSAGES } from './validation.js'

/** Checking the form as a whole, building, sending and waiting: fetched on the first preview. */
const flowCode = lazyModule('send', () => import('./flow.js'))

/** Sending the native token or a token (`client.send`). */
export type SendFeature = {
  /** The form. */
  $state: ReadableAtom<SendState>
  /** Live validation of what the user typed (empty fields are not errors yet). */
  $errors: ReadableAtom<SendErrors>
  /** Building the transfer for the preview; `data` is the transfer with its fee. */
  $preview: ReadableAtom<AsyncState<PreparedTransfer>>
  /** Sending; `data` is the transaction hash once mined. */
  $send: ReadableAtom<AsyncState<string>>
  setToken(token: SendState['token']): void
  setAmount(amount: string): void
  /** The whole balance of the chosen token. */
  setMax(): void
  setReceiver(receiver: string): void
  /** Validates, builds the transfer and estimates its fee (for the preview). */
  preview(): Promise<PreparedTransfer>
  /**
   * Sends through the wallet and waits until it is mined. Then: form reset, balances (skipping
   * the cache) and history refreshed. A refusal or a revert keeps the form. A second call while
   * one is pending joins it: one transfer, one wallet prompt.
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
}

/** Sending the native token or a token to an address or a name. */
export const sendFeature = defineFeature({
  name: 'send',
  needs: [
    connectionFeature,
    networkFeature,
    balancesFeature,
    historyFeature,
    namesFeature,
    identityFeature,
    toastFeature,
  ],
  options(input: SendOptions) {
    return { noReturnTransferTokens: input.noReturnTransferTokens ?? [] }
  },
  create(context, options): { public: SendFeature } {
    const connection = context.use(connectionFeature)
    const network = context.use(networkFeature)
    const balances = context.use(balancesFeature)
    const history = context.use(historyFeature)
    const names = context.use(namesFeature)
    const identity = context.use(identityFeature)
    const toast = context.use(toastFeature)
    const { logger } = context
    const $state = atom<SendState>(EMPTY)
    const noReturn = new Set(
      [...NO_RETURN_TRANSFER_TOKENS, ...options.noReturnTransferTokens].map((a) => a.toLowerCase()),
    )
    let lookup: ReturnType<typeof setTimeout> | undefined
    let lookupId = 0
    context.onDestroy(() => clearTimeout(lookup))

    const patch = (next: Partial<SendState>) => $state.set({ ...$state.get(), ...next })

    // The receiver is read by the active namespace's rule: an address of its wallet (EVM's rule
    // while none is connected), or a name on eip155 only (names resolve to EVM addresses).
    function isAddress(value: string) {
      const active = connection.getActive(network.$activeNamespace.get())
      return active ? active.adapter.isAddress(value) : /^0x[0-9a-fA-F]{40}$/.test(value)
    }
    const read = (receiver: string) =>
      readReceiver(receiver, isAddress, network.$activeNamespace.get() === 'eip155')
    // Read again when its wallet connects: an address typed before is one once the wallet is in.
    const $receiverInput = computed(
      [$state, network.$activeNamespace, connection.$connections],
      (state) => read(state.receiver),
    )
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

    function setReceiver(receiver: string) {
      clearTimeout(lookup)
      const id = ++lookupId
      const input = read(receiver)
      if (input.kind === 'address') {
        patch({
          receiver,
          resolved: { address: input.address },
          resolving: false,
          prepared: undefined,
        })
      } else if (input.kind === 'name') {
        patch({ receiver, resolved: undefined, resolving: true, prepared: undefined })
        lookup = setTimeout(() => {
          flow
            .use((part) => part.resolveReceiver(input.name, () => id === lookupId))
            .catch((error: unknown) => {
              if (id !== lookupId) return
              logger.warn('could not resolve the receiver name', error)
              patch({ resolved: undefined, resolving: false })
            })
        }, NAME_LOOKUP_DEBOUNCE_MS)
      } else {
        patch({ receiver, resolved: undefined, resolving: false, prepared: undefined })
      }
    }

    // The same text is read again when the user moves to another namespace: a Solana address
    // typed on the EVM side becomes the receiver once Solana is active, an EVM address or a name
    // stops being one, and a preview (for one chain) is dropped.
    context.onDestroy(network.$activeNamespace.listen(() => setReceiver($state.get().receiver)))

    const flow = flowCode.instance((code) =>
      code.createSendFlow({
        $state,
        $errors,
        patch,
        clearForm: () => $state.set(EMPTY),
        receiverInput: () => $receiverInput.get(),
        messages: SEND_MESSAGES,
        sendableNamespaces: BALANCE_NAMESPACES,
        isNoReturnToken: (tokenAddress) => noReturn.has(tokenAddress.toLowerCase()),
        connection,
        network,
        balances,
        history,
        names,
        identity,
        toast,
      }),
    )
    const preview = createAsyncAction(() => flow.use((part) => part.preview()))
    const sending = createAsyncAction(() => flow.use((part) => part.send()))
    const edit = (next: Partial<SendState>) => patch({ ...next, prepared: undefined })
    // A preview is for one account on one chain: when the wallet moves, it is dropped.
    context.onDestroy(
      context.events.on(connectionEvent, (event) => {
        if (event.type !== 'connected' && event.type !== 'reconnected' && $state.get().prepared) {
          patch({ prepared: undefined })
          preview.reset()
        }
      }),
    )
    return {
      public: {
        $state,
        $errors,
        $preview: preview.$state,
        $send: sending.$state,
        setToken: (token) => edit({ token }),
        setAmount: (amount) => edit({ amount }),
        setMax() {
          const token = $state.get().token
          if (token) edit({ amount: token.quantity.numeric })
        },
        setReceiver,
        preview: preview.run,
        send: sending.run,
        reset() {
          clearTimeout(lookup)
          lookupId++
          preview.reset()
          sending.reset()
          $state.set(EMPTY)
        },
      },
    }
  },
})
