import { type DevnetInfo, type DevnetPorts, devnetInfoAt } from '../registry.js'

/** The environment variables that move a default port, by the port they move. */
const PORT_VARIABLES = {
  api: 'PORTICO_API_PORT',
  relay: 'PORTICO_RELAY_PORT',
  secure: 'PORTICO_SECURE_PORT',
  solana: 'PORTICO_SOLANA_PORT',
  bitcoin: 'PORTICO_BITCOIN_PORT',
} as const

/**
 * Where a Vite server finds the devnet: `PORTICO_DEVNET` (the JSON that scripts/dev.mjs sets),
 * else the default ports, each changeable with PORTICO_API_PORT, PORTICO_RELAY_PORT,
 * PORTICO_SECURE_PORT, PORTICO_SOLANA_PORT, PORTICO_BITCOIN_PORT and PORTICO_CHAIN_PORTS
 * ("8545,8546,8547"). A `PORTICO_DEVNET` written by an older devnet, without some part (the
 * Bitcoin chain, the secure site), gets that part at its default ports.
 */
export function devnetInfoFromEnv(env: Record<string, string | undefined>): DevnetInfo {
  const ports: DevnetPorts = {}
  for (const [name, variable] of Object.entries(PORT_VARIABLES)) {
    if (env[variable]) ports[name as keyof typeof PORT_VARIABLES] = Number(env[variable])
  }
  const chainPorts = env.PORTICO_CHAIN_PORTS?.split(',').map((p) => Number(p.trim()))
  if (chainPorts?.length === 3 && chainPorts.every(Number.isInteger)) {
    ports.chains = chainPorts as [number, number, number]
  }
  const defaults = devnetInfoAt(ports)
  if (!env.PORTICO_DEVNET) return defaults
  const info = JSON.parse(env.PORTICO_DEVNET) as DevnetInfo
  if (typeof info.apiUrl !== 'string' || !Array.isArray(info.chains) || !info.unlistedChain) {
    throw new Error('PORTICO_DEVNET is not a devnet description')
  }
  return { ...defaults, ...info }
}
