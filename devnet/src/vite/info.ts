import { bitcoinInfo, DEFAULT_BITCOIN_PORT } from '../chains/bitcoin/network.js'
import { devnetInfoAt } from '../chains/evm/network.js'
import type { DevnetInfo } from '../chains/evm/types.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_CHAIN_PORTS,
  DEFAULT_RELAY_PORT,
  DEFAULT_SECURE_PORT,
} from '../config/constants.js'

/**
 * Where a Vite server finds the devnet: `PORTICO_DEVNET` (the JSON that scripts/dev.mjs sets),
 * else the default ports, each changeable with PORTICO_API_PORT, PORTICO_RELAY_PORT,
 * PORTICO_SECURE_PORT, PORTICO_SOLANA_PORT, PORTICO_BITCOIN_PORT and PORTICO_CHAIN_PORTS
 * ("8545,8546,8547").
 */
export function devnetInfoFromEnv(env: Record<string, string | undefined>): DevnetInfo {
  if (env.PORTICO_DEVNET) {
    const info = JSON.parse(env.PORTICO_DEVNET) as DevnetInfo
    if (typeof info.apiUrl !== 'string' || !Array.isArray(info.chains) || !info.unlistedChain) {
      throw new Error('PORTICO_DEVNET is not a devnet description')
    }
    // A description written before the devnet had a Bitcoin chain: the default port.
    return info.bitcoin ? info : { ...info, bitcoin: bitcoinInfo(defaultEsploraUrl(env)) }
  }
  const chainPorts = env.PORTICO_CHAIN_PORTS?.split(',').map((p) => Number(p.trim()))
  return devnetInfoAt({
    api: env.PORTICO_API_PORT ? Number(env.PORTICO_API_PORT) : DEFAULT_API_PORT,
    relay: env.PORTICO_RELAY_PORT ? Number(env.PORTICO_RELAY_PORT) : DEFAULT_RELAY_PORT,
    secure: env.PORTICO_SECURE_PORT ? Number(env.PORTICO_SECURE_PORT) : DEFAULT_SECURE_PORT,
    ...(env.PORTICO_SOLANA_PORT ? { solana: Number(env.PORTICO_SOLANA_PORT) } : {}),
    bitcoin: env.PORTICO_BITCOIN_PORT ? Number(env.PORTICO_BITCOIN_PORT) : DEFAULT_BITCOIN_PORT,
    chains:
      chainPorts?.length === 3 && chainPorts.every(Number.isInteger)
        ? (chainPorts as [number, number, number])
        : DEFAULT_CHAIN_PORTS,
  })
}

const defaultEsploraUrl = (env: Record<string, string | undefined>) =>
  `http://127.0.0.1:${env.PORTICO_BITCOIN_PORT ? Number(env.PORTICO_BITCOIN_PORT) : DEFAULT_BITCOIN_PORT}`
