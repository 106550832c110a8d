import type { ChainNamespace } from '@portico/core'
import { type NamespaceState, useNamespaces } from '@portico/react'
import { useCallback, useMemo } from 'react'

/** The namespace switcher's state: every namespace the app supports, and what to do with one. */
export type NamespacesViewState = {
  /** In the order of the app's networks; empty when the app lists one namespace only. */
  namespaces: readonly NamespaceState[]
  /**
   * Makes the namespace active: a connected one shows its account at once, another opens Connect
   * for its wallets.
   */
  select(namespace: ChainNamespace): void
  /** Disconnects that namespace only; a failure on the wallet side is reported by the toast. */
  disconnect(namespace: ChainNamespace): Promise<void>
}

/**
 * The namespace switcher's view-model: an app with networks of one namespace has nothing to
 * switch, so it gets an empty list and the Account view stays as it was.
 */
export function useNamespacesView(): NamespacesViewState {
  const { namespaces, switchNamespace, disconnect: disconnectNamespace } = useNamespaces()
  const disconnect = useCallback(
    (namespace: ChainNamespace) => disconnectNamespace(namespace).catch(() => undefined),
    [disconnectNamespace],
  )
  return useMemo(
    () => ({
      namespaces: namespaces.length > 1 ? namespaces : [],
      select: switchNamespace,
      disconnect,
    }),
    [namespaces, switchNamespace, disconnect],
  )
}
