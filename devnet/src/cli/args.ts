import { parseArgs } from 'node:util'
import { DEFAULT_ALLOWED_ORIGINS } from '../config/origins.js'
import type { DevnetPorts, StartDevnetOptions } from '../registry.js'

/** What `portico-devnet` was asked to do. */
type CliOptions = {
  help: boolean
  /** What `startDevnet` gets. */
  start: StartDevnetOptions
  /** Where to write `devnet.info()` as JSON (for `PORTICO_DEVNET` in another process). */
  infoFile?: string
}

/** A command line or environment the bin cannot use; its message is printed with the usage. */
export class CliError extends Error {}

/** Port flags and the environment variables that set them when the flag is absent. */
const PORT_OPTIONS = {
  api: { flag: 'api-port', variable: 'PORTICO_API_PORT' },
  relay: { flag: 'relay-port', variable: 'PORTICO_RELAY_PORT' },
  secure: { flag: 'secure-port', variable: 'PORTICO_SECURE_PORT' },
  solana: { flag: 'solana-port', variable: 'PORTICO_SOLANA_PORT' },
  bitcoin: { flag: 'bitcoin-port', variable: 'PORTICO_BITCOIN_PORT' },
  smtp: { flag: 'smtp-port', variable: 'PORTICO_SMTP_PORT' },
} as const

export const USAGE = `Usage: portico-devnet [options]

Starts the Portico devnet (EVM chains with the devnet's contracts, Solana, Bitcoin regtest, the
API, the WalletConnect relay, the secure site with the Devnet Inbox), prints every URL and a
createPortico config to paste, and runs until Ctrl-C.

Options (each port also from its environment variable; 0 picks a free port):
  --api-port <n>           API server (PORTICO_API_PORT, 8787)
  --chain-ports <a,b,c>    the three EVM chains (PORTICO_CHAIN_PORTS, 8545,8546,8547)
  --relay-port <n>         WalletConnect relay and mobile wallet (PORTICO_RELAY_PORT, 8788)
  --secure-port <n>        secure site and Devnet Inbox (PORTICO_SECURE_PORT, 8789)
  --solana-port <n>        Solana RPC (PORTICO_SOLANA_PORT, 8899)
  --bitcoin-port <n>       Bitcoin Esplora API (PORTICO_BITCOIN_PORT, 8790)
  --smtp-port <n>          mail catcher (PORTICO_SMTP_PORT, a free port)
  --free-ports             every part on a free port (CI, several devnets side by side)
  --host <host>            interface to listen on (127.0.0.1)
  --allowed-origin <o>     another origin the app runs on (repeatable; loopback always allowed),
                           e.g. https://myapp.test or http://192.168.1.20:*
  --info-file <path>       write the devnet's description (JSON) there once it runs: the value
                           of PORTICO_DEVNET for the Vite plugin in another process
  --verbose                log the devnet's requests and faults
  -h, --help               this text
`

function toPort(value: string, name: string): number {
  const port = Number(value)
  if (value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError(`${name} is not a port: ${value}`)
  }
  return port
}

/** Reads the command line (flags win) and the environment into `startDevnet`'s options. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>) {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new CliError((error as Error).message)
  }
  const { values } = parsed
  const ports: DevnetPorts = {}
  for (const [name, { flag, variable }] of Object.entries(PORT_OPTIONS)) {
    const given = values[flag] ?? env[variable]
    if (given !== undefined && given !== '') {
      ports[name as keyof typeof PORT_OPTIONS] = toPort(
        given,
        values[flag] ? `--${flag}` : variable,
      )
    }
  }
  const chainPorts = values['chain-ports'] ?? env.PORTICO_CHAIN_PORTS
  if (chainPorts) {
    const name = values['chain-ports'] ? '--chain-ports' : 'PORTICO_CHAIN_PORTS'
    const list = chainPorts.split(',').map((p) => toPort(p, name))
    if (list.length !== 3) throw new CliError(`${name} needs three ports, e.g. 8545,8546,8547`)
    ports.chains = list as [number, number, number]
  }
  if (values['free-ports']) {
    // A free API port makes every part take a free port unless told one (see startDevnet).
    ports.api = 0
    ports.chains ??= [0, 0, 0]
  }
  const start: StartDevnetOptions = { ports, quiet: !values.verbose }
  if (values.host) start.host = values.host
  if (values['allowed-origin']?.length) {
    start.allowedOrigins = [...DEFAULT_ALLOWED_ORIGINS, ...values['allowed-origin']]
  }
  const options: CliOptions = { help: values.help === true, start }
  if (values['info-file']) options.infoFile = values['info-file']
  return options
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: false,
    strict: true,
    options: {
      'api-port': { type: 'string' },
      'chain-ports': { type: 'string' },
      'relay-port': { type: 'string' },
      'secure-port': { type: 'string' },
      'solana-port': { type: 'string' },
      'bitcoin-port': { type: 'string' },
      'smtp-port': { type: 'string' },
      'free-ports': { type: 'boolean' },
      host: { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'info-file': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}
