import type { CaipAddress, CaipNetworkId } from '../caip/index.js'
import type { LazyContext } from '../kernel/feature.js'
import * as kit from '../kit.js'
import type { ViewName } from '../modal/types.js'
import { siweToSiwx } from './legacy.js'
import type { SiwxConfig, SiwxSession, SiwxSessionInfo, SiwxShell } from './types.js'

/** The connected account sign-in is about. */
export type Account = {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
  namespace: string
}

/** What every part of sign-in's heavy half shares. */
export type SiwxBase = ReturnType<typeof createSiwxBase>

/** A session as the UI shows it: address, network, expiry, and how it was signed. */
function sessionInfo(session: SiwxSession | undefined): SiwxSessionInfo | undefined {
  if (!session) return undefined
  const { accountAddress, chainId, expirationTime } = session.data
  return {
    address: accountAddress,
    chainId,
    caipAddress: `${chainId}:${accountAddress}` as CaipAddress,
    expiresAt: expirationTime,
    via: session.cacao ? 'cacao' : 'message',
  }
}

/**
 * The configuration (initialised here: an app that never needs sign-in never runs this), the
 * view it uses, the connected account, the session and the accounts whose sign-in was turned
 * down: what the session check, the signing and the actions share.
 */
export function createSiwxBase(context: LazyContext, shell: SiwxShell) {
  const { logger } = context
  const { modal, connection, stores } = shell
  const now = () => context.clock.now()
  // The page the messages are for: the browser's, else the app's metadata URL (SSR, Node).
  // Worked out here, with the configuration's `init`, rather than when the client is made: an
  // app that never needs sign-in (nobody connects) never runs or downloads this code. The
  // configuration is only called from this half, so it is initialised before its first call.
  const url = context.isBrowser ? window.location.href : context.options.metadata?.url
  const parsed = url ? new URL(url) : undefined
  const page = { domain: parsed?.host, uri: parsed && parsed.origin + parsed.pathname }
  shell.config?.init?.({
    storage: context.storage,
    toolkitUrl: (path) => context.api.toolkit.url(path),
    fetch: context.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: context.clock.now,
    networks: context.options.networks,
    logger,
    ...page,
  })
  const config: SiwxConfig = shell.legacy
    ? siweToSiwx(shell.legacy, { ...page, now })
    : (shell.config as SiwxConfig)
  const view: ViewName = shell.legacy ? 'ConnectingSiwe' : 'SIWXSignMessage'

  /** Counts session writes: a check that read the sessions before a sign-in does not undo it. */
  let writes = 0

  function active(): Account | undefined {
    const state = connection.$connection.get()
    const { address, chainId, caipAddress } = state
    if (state.status !== 'connected' || !address || !chainId || !caipAddress) return undefined
    return { address, chainId, caipAddress, namespace: chainId.split(':')[0] as string }
  }

  return {
    ...shell,
    kit,
    logger,
    now,
    config,
    view,
    /** Accounts whose optional sign-in the user turned down (asked again after a reconnect). */
    dismissed: new Set<string>(),
    isRequired: () => Boolean(config.getRequired?.()),
    /** The legacy config signs in with Ethereum only. */
    applies: (namespace: string) => !shell.legacy || namespace === 'eip155',
    active,
    isShowing: () => modal.isShowing(view),
    writes: () => writes,
    setSession(session: SiwxSession | undefined) {
      writes++
      stores.$session.set(session)
      stores.$sessionInfo.set(sessionInfo(session))
    },
    /** Leaves the sign-in view after success: the replace rule of the modal's navigation. */
    finishView() {
      if (!modal.isShowing(view)) return
      modal.pushTransactionStep({ replace: true })
      modal.popTransactionStep('success')
    },
    aborted: (reason: string) => new kit.PorticoError('ABORTED', reason, { details: { reason } }),
  }
}
