import { renameSync, writeFileSync } from 'node:fs'
import { DEFAULT_HOST } from '../config/constants.js'
import { probeDevnet } from '../probe.js'
import type { Devnet } from '../registry.js'
import { DEFAULT_API_PORT } from '../services/api/service.js'
import { CliError, parseCli, USAGE } from './args.js'
import { createPorticoSnippet, devnetSummary } from './summary.js'

type Output = { out(text: string): void; err(text: string): void }

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * `portico-devnet` (`devnet/node/cli.mjs`): starts every service of the registry, as `pnpm dev`
 * does without the examples, prints the URLs and a `createPortico` config, and stops everything
 * on Ctrl-C (SIGINT), SIGTERM or SIGHUP, exiting 0; a second signal while stopping exits 130 at
 * once. When a devnet already answers on the API port, it says so, prints that one's config and
 * exits 0 (nothing to start). Resolves with the exit code when nothing keeps running.
 */
export async function runDevnetCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  output: Output = { out: (t) => console.log(t), err: (t) => console.error(t) },
): Promise<number | undefined> {
  const started = performance.now()
  let options: ReturnType<typeof parseCli>
  try {
    options = parseCli(argv, env)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    output.err(`portico-devnet: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    output.out(USAGE)
    return 0
  }

  const apiPort = options.start.ports?.api ?? DEFAULT_API_PORT
  if (apiPort !== 0) {
    const host = options.start.host ?? DEFAULT_HOST
    const apiUrl = `http://${host.includes(':') ? `[${host}]` : host}:${apiPort}`
    const running = await probeDevnet(apiUrl)
    if (running) {
      output.out(
        [
          `A Portico devnet already runs at ${running.apiUrl}: use it (nothing started).`,
          '',
          'createPortico config for it:',
          '',
          createPorticoSnippet(running),
          '',
        ].join('\n'),
      )
      if (options.infoFile) writeInfo(options.infoFile, running)
      return 0
    }
  }

  // Loaded here: the declarations are cheap, starting them is not.
  const { startDevnet } = await import('../startDevnet.js')
  let devnet: Devnet | undefined
  let stopping: Promise<void> | undefined
  const stop = (code: number) => {
    stopping ??= (async () => {
      output.out('\nStopping the devnet…')
      try {
        await devnet?.stop()
      } finally {
        process.exit(code)
      }
    })()
    return stopping
  }
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      // A second Ctrl-C while stopping: leave now (anvil children are killed on exit).
      if (stopping) process.exit(130)
      void stop(0)
    })
  }

  try {
    devnet = await startDevnet(options.start)
  } catch (error) {
    output.err(`portico-devnet: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  if (options.infoFile) writeInfo(options.infoFile, devnet.info())
  output.out(
    devnetSummary({
      pages: devnet.pages(),
      info: devnet.info(),
      accounts: devnet.accounts,
      seconds: (performance.now() - started) / 1000,
    }),
  )
  return undefined
}

/**
 * Writes the devnet's description whole or not at all (a temporary file renamed into place), so
 * a CI step waiting for the file never reads half of it.
 */
function writeInfo(file: string, info: unknown) {
  const partial = `${file}.${process.pid}.tmp`
  writeFileSync(partial, JSON.stringify(info))
  renameSync(partial, file)
}
