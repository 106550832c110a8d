import type { PorticoNetwork } from '@portico/core'
import { probeDevnet } from '@portico/devnet/probe'

/** What the example needs of the devnet: its URLs and networks, and the Devnet Wallet's setup. */
export type DevnetConfig = {
  projectId: string
  apiUrls: { blockchain: string; toolkit: string; pulse: string; relay: string }
  networks: [PorticoNetwork, ...PorticoNetwork[]]
  wallet: { chains: { chainId: number; name: string; rpcUrl: string }[]; mnemonic: string }
}

type DevnetChain = { chainId: number; name: string; rpcUrl: string }
type DevnetInfo = {
  apiUrl: string
  relayUrl: string
  networks: [PorticoNetwork, ...PorticoNetwork[]]
  chains: DevnetChain[]
  unlistedChain: DevnetChain
  mnemonic: string
}

/** The devnet's project id: it needs no real one. */
const DEVNET_PROJECT_ID = 'devnet'

/**
 * The devnet this server talks to: the one `pnpm dev` started (it sets PORTICO_DEVNET), else
 * whatever answers on the default API port (PORTICO_API_PORT, 8787). Undefined when none runs:
 * the page then says so.
 */
export async function devnetConfig(): Promise<DevnetConfig | undefined> {
  let info: DevnetInfo | undefined
  if (process.env.PORTICO_DEVNET) {
    info = JSON.parse(process.env.PORTICO_DEVNET) as DevnetInfo
  } else {
    // With the control header the devnet requires (without it: a 403, and "No devnet").
    const port = process.env.PORTICO_API_PORT || '8787'
    info = (await probeDevnet(`http://127.0.0.1:${port}`)) as DevnetInfo | undefined
  }
  if (!info) return undefined
  return {
    projectId: DEVNET_PROJECT_ID,
    apiUrls: {
      blockchain: info.apiUrl,
      toolkit: info.apiUrl,
      pulse: info.apiUrl,
      relay: info.relayUrl,
    },
    networks: info.networks,
    wallet: {
      chains: [...info.chains, info.unlistedChain].map(({ chainId, name, rpcUrl }) => ({
        chainId,
        name,
        rpcUrl,
      })),
      mnemonic: info.mnemonic,
    },
  }
}
