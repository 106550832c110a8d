import type { Wallet, WalletEventsWindow } from '@wallet-standard/base'

/**
 * The Wallet Standard's registration protocol: announce the wallet with a
 * `wallet-standard:register-wallet` event (apps already listening register it), and register it
 * again with every app that says `wallet-standard:app-ready` later. Done here rather than with
 * `@wallet-standard/wallet`'s `registerWallet` to keep the apps' unregister functions: the
 * returned function takes the wallet off their lists.
 */
export function registerWallet(wallet: Wallet, name: string): () => void {
  const target = window as unknown as WalletEventsWindow
  const unregisters: (() => void)[] = []
  const callback = ({ register }: { register(wallet: Wallet): () => void }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => {
    const api = (event as CustomEvent).detail
    if (api && typeof api.register === 'function') callback(api)
  }
  target.addEventListener('wallet-standard:app-ready', onAppReady as never)
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    console.error(`[${name}] registration failed`, error)
  }
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady as never)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
