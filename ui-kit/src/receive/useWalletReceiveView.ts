import type { PorticoNetwork } from '@portico/core'
import { useReceive, useToast } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The WalletReceive view's state. */
export type WalletReceiveViewState = {
  address: string | undefined
  /** The app's networks of the account's namespace: where this address can receive. */
  networks: readonly PorticoNetwork[]
  /** Copies the address and says so in a toast. */
  copy(): Promise<void>
}

/** The WalletReceive view-model: the address, where it works, and copying it. */
export function useWalletReceiveView(): WalletReceiveViewState {
  const { showSuccess, showError } = useToast()
  const { address, networks, copy: copyAddress } = useReceive()
  const copy = useCallback(async () => {
    if (await copyAddress()) showSuccess({ key: 'receive.copied' })
    else showError({ key: 'receive.copyFailed' })
  }, [copyAddress, showSuccess, showError])
  return useMemo(() => ({ address, networks, copy }), [address, networks, copy])
}
