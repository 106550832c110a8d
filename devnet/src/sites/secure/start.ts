import type { EvmChains } from '../../chains/evm/start.js'
import type { MailService } from '../mail/mail.js'
import { createFaucet } from './faucet.js'
import { type SecureSite, startSecureSite } from './server.js'

/** The secure site on the devnet's chains, its mail going to the catcher, its faucet funding. */
export function startDevnetSecureSite(options: {
  host: string
  port: number
  evm: EvmChains
  mail: MailService
  allowedOrigins: readonly string[]
  log(line: string): void
}): Promise<SecureSite> {
  const { evm } = options
  return startSecureSite({
    host: options.host,
    port: options.port,
    chains: evm.allChains,
    allowedOrigins: options.allowedOrigins,
    mail: options.mail,
    fund: createFaucet({
      from: evm.faucet,
      chains: evm.chains.map((chain) => ({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        usdc: evm.tokens[chain.chainId]?.usdc as `0x${string}`,
      })),
    }).fund,
    log: options.log,
  })
}
