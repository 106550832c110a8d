import type { DevnetWalletChain } from './types.js'

/** What the wallet remembers per site, like an extension does, so a reload stays connected. */
export type PersistedState = {
  authorized: boolean
  accountIndex: number
  chainId: number
  addedChains: DevnetWalletChain[]
}

export const DEFAULT_STORAGE_KEY = 'portico-devnet-wallet'

export function loadState(key: string): Partial<PersistedState> {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    if (!raw) return {}
    const parsed = JSON.parse(raw) as unknown
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<PersistedState>) : {}
  } catch {
    return {}
  }
}

export function saveState(key: string, state: PersistedState) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(state))
  } catch {
    // Storage can be full or blocked (private mode); the wallet works without it.
  }
}
