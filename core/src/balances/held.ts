import type { ChainNamespace } from '../caip/index.js'

/** A value read for one account: shown only while that account is the one connected. */
export type Held<T> = { caipAddress: string; value: T }
export type HeldBy<T> = Partial<Record<ChainNamespace, Held<T>>>

/** The value, if it was read for `caipAddress`. */
export const held = <T>(entry: Held<T> | undefined, caipAddress: string | undefined) =>
  entry && caipAddress && entry.caipAddress === caipAddress ? entry.value : undefined
