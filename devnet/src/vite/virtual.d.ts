// Types of the module the `porticoDevnet()` Vite plugin serves. Add this file to an example's
// tsconfig (or `/// <reference types="@portico/devnet/virtual" />`) to import it.
declare module 'virtual:portico-devnet' {
  import type { PorticoNetwork } from '@portico/core'

  type DevnetChain = {
    chainId: number
    caipNetworkId: `eip155:${number}`
    name: string
    rpcUrl: string
  }

  /** 'devnet': the devnet accepts any project id. */
  export const projectId: string
  /**
   * The Blockchain API, the toolkit backend and analytics are all the devnet's one server;
   * `relay` is the devnet's WalletConnect relay (`ws://…`).
   */
  export const apiUrls: { blockchain: string; toolkit: string; pulse: string; relay: string }
  /** The two chains apps configure, in the SDK's network shape. */
  export const networks: [PorticoNetwork, ...PorticoNetwork[]]
  /**
   * The devnet's Solana chain in the SDK's network shape (`solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP`,
   * "Devnet Solana", SOL with 9 decimals). Not part of `networks`: add it once the SDK has its
   * Solana adapter, e.g. `networks: [...networks, ...solanaNetworks]`.
   */
  export const solanaNetworks: [PorticoNetwork]
  /** The Solana chain's endpoints (JSON-RPC and subscriptions), funded accounts and USDC mint. */
  export const solana: {
    caipNetworkId: `solana:${string}`
    rpcUrl: string
    wsUrl: string
    accounts: string[]
    mints: { usdc: string }
  }
  /**
   * The devnet's regtest Bitcoin chain as a PorticoNetwork (`bip122:0f9188f13cb7b2c71f2a335e3a4fc328`,
   * "Devnet Bitcoin", BTC with 8 decimals, `rpcUrls.http[0]` its Esplora URL). Kept out of
   * `networks`: add it yourself (`[...networks, ...bitcoinNetworks]`) once the SDK has a Bitcoin
   * adapter.
   */
  export const bitcoinNetworks: [PorticoNetwork]
  /** The Bitcoin chain's CAIP-2 id and its Esplora-style REST API. */
  export const bitcoin: { caipNetworkId: `bip122:${string}`; esploraUrl: string }
  export const chains: DevnetChain[]
  /** The chain the Devnet Wallet can switch to that apps do not configure. */
  export const unlistedChain: DevnetChain
  /** The Devnet Mobile Wallet page (a WalletConnect wallet); `?uri=wc:…` pairs at once. */
  export const mobileWalletUrl: string
  /**
   * The secure site for email login (the SDK's `secureSite`): its frame is `/sdk`, the Devnet
   * Inbox with the login mail `/inbox`.
   */
  export const secureSiteUrl: string
  /** Contract addresses, the same on every devnet chain. */
  export const tokens: {
    usdc: `0x${string}`
    ptk: `0x${string}`
    usdt: `0x${string}`
    junk: `0x${string}`
    spamNft: `0x${string}`
  }
  /**
   * Uniswap V2 on the devnet, the same on every chain: Router02 (the spender swaps need
   * approved), its factory, WETH9 and the seeded pools' pairs; `chainIds` are the chains whose
   * `/v1/convert` routes answer, to add to an app's swap networks, and `routers`, Router02 by
   * chain id, for the app's `swaps.routers` (the SDK refuses a swap to a router it does not know).
   */
  export const swap: {
    chainIds: number[]
    routers: Record<number, `0x${string}`[]>
    router: `0x${string}`
    factory: `0x${string}`
    weth: `0x${string}`
    pairs: { ethUsdc: `0x${string}`; ethPtk: `0x${string}`; usdcUsdt: `0x${string}` }
  }
  /**
   * `DevnetGuestbook`, a contract for the app's own work (sign, read, tip), at the same address
   * on every devnet chain. Its ABI: `DevnetGuestbook.abi` from `@portico/devnet/contracts`.
   */
  export const guestbook: `0x${string}`
  /**
   * The SDK's on-ramp options for the devnet (`createPortico({ …, onramp })`): its Meld-like
   * widget, and its checkout's origin, which the SDK opens the provider window on only when
   * listed.
   */
  export const onramp: { meldUrl: string; checkoutOrigins: string[] }
  const devnet: {
    projectId: typeof projectId
    apiUrls: typeof apiUrls
    networks: typeof networks
    solanaNetworks: typeof solanaNetworks
    solana: typeof solana
    bitcoinNetworks: typeof bitcoinNetworks
    bitcoin: typeof bitcoin
    chains: typeof chains
    unlistedChain: typeof unlistedChain
    mobileWalletUrl: typeof mobileWalletUrl
    secureSiteUrl: typeof secureSiteUrl
    tokens: typeof tokens
    swap: typeof swap
    guestbook: typeof guestbook
    onramp: typeof onramp
  }
  export default devnet
}
