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
  export const chains: DevnetChain[]
  /** The chain the Devnet Wallet can switch to that apps do not configure. */
  export const unlistedChain: DevnetChain
  /** The Devnet Mobile Wallet page (a WalletConnect wallet); `?uri=wc:…` pairs at once. */
  export const mobileWalletUrl: string
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
   * `/v1/convert` routes answer, to add to an app's swap networks.
   */
  export const swap: {
    chainIds: number[]
    router: `0x${string}`
    factory: `0x${string}`
    weth: `0x${string}`
    pairs: { ethUsdc: `0x${string}`; ethPtk: `0x${string}`; usdcUsdt: `0x${string}` }
  }
  const devnet: {
    projectId: typeof projectId
    apiUrls: typeof apiUrls
    networks: typeof networks
    chains: typeof chains
    unlistedChain: typeof unlistedChain
    mobileWalletUrl: typeof mobileWalletUrl
    tokens: typeof tokens
    swap: typeof swap
  }
  export default devnet
}
