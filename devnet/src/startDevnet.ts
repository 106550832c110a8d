import { DEFAULT_HOST, DEVNET_MNEMONIC } from './config/constants.js'
import { startServices } from './kernel/run.js'
import type { DevnetPage } from './kernel/service.js'
import { type Devnet, type DevnetInfo, SERVICES, type StartDevnetOptions } from './registry.js'

/**
 * Starts every service of the registry (`src/registry.ts`): three anvil chains with the
 * contracts deployed and funded, the Solana chain and the regtest Bitcoin chain (both in this
 * process, behind their RPC and REST APIs), the WalletConnect relay with the Devnet Mobile
 * Wallet page, the API server with every service's routes, the mail catcher and the secure
 * site. Everything listens on loopback; with `ports.api` 0 each part takes a free port unless
 * told one, so tests can run several devnets side by side. A part that fails to start stops
 * those that started, and the error says which part and port.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const log =
    options.quiet === false
      ? (line: string) => console.log(`[devnet] ${line}`)
      : (_line: string) => undefined
  const running = await startServices(SERVICES, options, {
    host: options.host ?? DEFAULT_HOST,
    mnemonic: DEVNET_MNEMONIC,
    log,
    // A free API port means a test devnet: the others take free ports too unless told.
    testPorts: options.ports?.api === 0,
  })

  const info = () => running.info() as DevnetInfo
  const pages = (): DevnetPage[] =>
    SERVICES.flatMap((service) =>
      running.started.includes(service)
        ? (service.pages?.(running.api(service) as never) ?? [])
        : [],
    )
  const exposed = Object.assign(
    {},
    ...running.started.map((service) => service.expose?.(running.api(service) as never) ?? {}),
  )
  // The URLs are `devnet.pages()` (what `pnpm dev` prints); this says what runs.
  log(`started ${running.started.map((service) => service.name).join(', ')}`)
  return { ...info(), ...exposed, info, pages, stop: running.stop } as Devnet
}
