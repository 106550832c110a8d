import type { UniversalProviderInstance } from './loadUniversalProvider.js'

/**
 * A sign-in asked for in the pairing's own approval (WalletConnect one-click: the 2.25
 * `connect({ authentication })`): the wallet answers with CACAOs along with the session.
 */
export type WalletConnectSignIn = {
  /** What to ask for (domain, uri, chains, nonce…), or undefined for none; asked per pairing. */
  request(): Promise<WalletConnectAuthRequest | undefined>
  /** The wallet's CACAOs, with a function that rebuilds the text each one signed. */
  accept(cacaos: readonly unknown[], format: (cacao: unknown) => string): Promise<void>
}

/** The sign-in request of a pairing (WalletConnect's `AuthenticateRequestParams`). */
export type WalletConnectAuthRequest = {
  domain: string
  uri: string
  chains: string[]
  nonce: string
  /** Seconds the request stays valid. */
  ttl: number
  statement?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

/**
 * Proposes the session (the app's namespaces) and waits for the wallet's approval. With a sign-in
 * asked for (WalletConnect one-click), its request goes in the same proposal and the wallet's
 * CACAOs are handed back before the connection is reported, so its sign-in is known when the app
 * hears of it. A sign-in that cannot be prepared (its server is down) or that is refused leaves a
 * plain pairing.
 */
export async function propose(
  up: UniversalProviderInstance,
  optionalNamespaces: Record<string, unknown>,
  auth: WalletConnectSignIn | undefined,
): Promise<void> {
  const request = await auth?.request().catch(() => undefined)
  const session = await up.connect({
    optionalNamespaces: optionalNamespaces as never,
    ...(request ? { authentication: [request] } : {}),
  })
  const cacaos = request ? session?.authentication : undefined
  if (auth && cacaos?.length) {
    await auth
      .accept(cacaos, (cacao) => {
        const { p } = cacao as { p: { iss: string } }
        return up.client.formatAuthMessage({ request: p as never, iss: p.iss })
      })
      .catch(() => undefined)
  }
}
