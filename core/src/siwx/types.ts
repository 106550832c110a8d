import type { CaipNetworkId } from '../caip/index.js'

/** A sign-in session: what was signed, by whom, and the signature. */
export type SiwxSession = {
  data: {
    accountAddress: string
    chainId: CaipNetworkId
    domain?: string
    uri?: string
    version?: string
    nonce?: string
    issuedAt?: string
    expirationTime?: string
    statement?: string
  }
  message: string
  signature: string
  cacao?: unknown
}

/** Sign in with any chain (SIWX): the app decides how messages are made and sessions kept. */
export type SiwxConfig = {
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId }): Promise<{
    toString(): string
    data: SiwxSession['data']
  }>
  addSession(session: SiwxSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SiwxSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** When true, the modal cannot be closed until the user has signed in. */
  getRequired?(): boolean
  signOutOnDisconnect?: boolean
}

/** The legacy sign-in-with-Ethereum config. Accepted for migration; not combinable with `siwx`. */
export type SiweConfig = Record<string, unknown>

/** The sign-in options of `createPortico`. */
export type SiwxOptions = {
  siwx?: SiwxConfig
  siweConfig?: SiweConfig
}
