import { bitcoinService } from './chains/bitcoin/service.js'
import { evmService } from './chains/evm/service.js'
import { solanaService } from './chains/solana/service.js'
import { DEFAULT_HOST } from './config/constants.js'
import type { DevnetPage, ExposedOf, InfoOf, OptionsOf } from './kernel/service.js'
import { analyticsService } from './services/analytics/service.js'
import { apiService } from './services/api/service.js'
import { blockchainService } from './services/blockchain/service.js'
import { historyService } from './services/history/service.js'
import { imagesService } from './services/images/service.js'
import { namesService } from './services/names/service.js'
import { onrampService } from './services/onramp/service.js'
import { pricesService } from './services/prices/service.js'
import { projectService } from './services/project/service.js'
import { siwxService } from './services/siwx/service.js'
import { swapService } from './services/swap/service.js'
import { mailService } from './sites/mail/service.js'
import { relayService } from './sites/relay/service.js'
import { secureService } from './sites/secure/service.js'
import { bitcoinWalletService } from './wallets/bitcoin/service.js'
import { evmWalletService } from './wallets/evm/service.js'
import { walletListService } from './wallets/listing/service.js'
import { mobileWalletService } from './wallets/mobile/service.js'
import { walletScriptService } from './wallets/script/service.js'
import { solanaWalletService } from './wallets/solana/service.js'

/**
 * Every part of the devnet, one line each. `startDevnet` starts them in the order their `needs`
 * allow (side by side where nothing is between them) and stops them in reverse; this order is
 * the order of the API server's routes, of `pnpm dev`'s summary, and of the Vite plugin's
 * scripts. Adding a service: its folder, then one line here (devnet/README.md, "Adding a
 * service").
 */
export const SERVICES = [
  apiService,
  relayService,
  mobileWalletService,
  secureService,
  mailService,
  evmService,
  solanaService,
  bitcoinService,
  pricesService,
  projectService,
  blockchainService,
  swapService,
  namesService,
  historyService,
  onrampService,
  walletListService,
  imagesService,
  analyticsService,
  siwxService,
  evmWalletService,
  solanaWalletService,
  bitcoinWalletService,
  walletScriptService,
] as const

type Service = (typeof SERVICES)[number]
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never

export type StartDevnetOptions = {
  /** Interface for every server and chain; loopback by default. */
  host?: string
  /** No log lines (the programmatic default is quiet; `pnpm dev` turns logging on). */
  quiet?: boolean
} & Intersection<OptionsOf<Service>>

/** The ports of `startDevnet`'s options: every service's, by name. */
export type DevnetPorts = NonNullable<StartDevnetOptions['ports']>

/** The serialisable part of a running devnet: what the Vite plugin and the examples need. */
export type DevnetInfo = Intersection<InfoOf<Service>>

export type Devnet = DevnetInfo &
  Intersection<ExposedOf<Service>> & {
    /** The serialisable part, e.g. for `PORTICO_DEVNET`. */
    info(): DevnetInfo
    /** The pages and URLs a person opens, in registry order (what `pnpm dev` prints). */
    pages(): DevnetPage[]
    /** Stops every service (chains killed, servers closed with any request they hold). */
    stop(): Promise<void>
  }

/**
 * The description of a devnet at the given ports on `host` (each service's default for a port
 * not given), e.g. the default one `pnpm dev` starts.
 */
export function devnetInfoAt(ports: DevnetPorts, host: string = DEFAULT_HOST): DevnetInfo {
  return Object.assign(
    {},
    ...SERVICES.map((service) => service.infoAt?.(host, { ports } as never) ?? {}),
  ) as DevnetInfo
}

export const DEFAULT_DEVNET_INFO: DevnetInfo = devnetInfoAt({})
