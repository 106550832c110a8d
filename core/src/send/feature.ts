import { atom } from 'nanostores'
import { BALANCE_NAMESPACES, balancesFeature } from '../balances/index.js'
import { connectionEvent, connectionFeature } from '../connection/index.js'
import { historyFeature } from '../history/index.js'
import { identityFeature } from '../identity/index.js'
import { idleState } from '../kernel/async.js'
import { defineFeature } from '../kernel/feature.js'
import { modalFeature } from '../modal/index.js'
import { namesFeature } from '../names/index.js'
import { checkName } from '../names/nameRules.js'
import { networkFeature } from '../network/index.js'
import { toastFeature } from '../toast/index.js'
import type { SendAtoms, SendFeature, SendOptions, SendState } from './types.js'

const EMPTY: SendState = {
  token: undefined,
  amount: '',
  receiver: '',
  resolved: undefined,
  resolving: false,
  prepared: undefined,
}

/**
 * Sending the native token or a token to an address or a name. The shell holds the form and
 * takes what is typed at once; the rest (`lazy.ts`: the checks, the name lookups, the transfer)
 * comes when the form is first shown or edited.
 */
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
    modalFeature,
  ],
  options: (input: SendOptions) => ({
    noReturnTransferTokens: input.noReturnTransferTokens ?? [],
  }),
  lazy: () => import('./lazy.js'),
  create(context, options, lazy): { public: SendFeature } {
    const $state = atom(EMPTY)
    const stores: SendAtoms = {
      $state,
      $errors: atom({}),
      $preview: atom(idleState()),
      $send: atom(idleState()),
    }
    const half = lazy({
      stores,
      empty: EMPTY,
      ...options,
      checkName,
      connectionEvent,
      sendableNamespaces: BALANCE_NAMESPACES,
      connection: context.use(connectionFeature),
      network: context.use(networkFeature),
      balances: context.use(balancesFeature),
      history: context.use(historyFeature),
      names: context.use(namesFeature),
      identity: context.use(identityFeature),
      toast: context.use(toastFeature),
      modal: context.use(modalFeature),
    })
    // The form on screen (its preview's state with it) fetches the code that checks it, so
    // typing is checked at once; the preview says so when that code cannot come.
    half.whileShown(stores.$preview, () => () => undefined)
    // Typing must not wait for the code: the field shows what was typed at once, and the half
    // (fetched by the first edit; a failure is the preview's to tell) reads it in the same turn
    // once it is here.
    const edit = (next: Partial<SendState>) => {
      $state.set({ ...$state.get(), ...next, prepared: undefined })
      half.use(() => undefined).catch(() => undefined)
    }
    return {
      public: {
        ...stores,
        ...half.actions('preview', 'send', 'confirm'),
        setToken: (token) => edit({ token }),
        setAmount: (amount) => edit({ amount }),
        setMax() {
          const token = $state.get().token
          if (token) edit({ amount: token.quantity.numeric })
        },
        setReceiver: (receiver) => edit({ receiver }),
        reset() {
          $state.set(EMPTY)
          half.current()?.reset()
        },
      },
    }
  },
})
