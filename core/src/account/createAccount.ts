import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ChainNamespace } from '../caip/index.js'
import { type AccountState, EMPTY_ACCOUNT } from './types.js'

export type AccountFeature = {
  /** Account state per namespace. */
  $accounts: ReadableAtom<Readonly<Partial<Record<ChainNamespace, AccountState>>>>
  $activeNamespace: ReadableAtom<ChainNamespace>
  /** The account of the active namespace. */
  $account: ReadableAtom<AccountState>
  get(namespace: ChainNamespace): AccountState
  update(namespace: ChainNamespace, patch: Partial<AccountState>): void
  /** Back to the disconnected state for one namespace. */
  reset(namespace: ChainNamespace): void
  setActiveNamespace(namespace: ChainNamespace): void
}

export function createAccount(initialNamespace: ChainNamespace): AccountFeature {
  const $accounts = atom<Partial<Record<ChainNamespace, AccountState>>>({})
  const $activeNamespace = atom<ChainNamespace>(initialNamespace)
  const get = (namespace: ChainNamespace) => $accounts.get()[namespace] ?? EMPTY_ACCOUNT
  return {
    $accounts,
    $activeNamespace,
    $account: computed(
      [$accounts, $activeNamespace],
      (accounts, namespace) => accounts[namespace] ?? EMPTY_ACCOUNT,
    ),
    get,
    update(namespace, patch) {
      $accounts.set({ ...$accounts.get(), [namespace]: { ...get(namespace), ...patch } })
    },
    reset(namespace) {
      const next = { ...$accounts.get() }
      delete next[namespace]
      $accounts.set(next)
    },
    setActiveNamespace(namespace) {
      $activeNamespace.set(namespace)
    },
  }
}
