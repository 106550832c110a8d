import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type InlineConfig } from 'vite'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export type StartedExample = { url: string; close(): Promise<void> }

/** Serves one of `examples/*` with Vite on a free loopback port. */
export async function startExample(
  name: string,
  config: InlineConfig = {},
): Promise<StartedExample> {
  const exampleRoot = resolve(root, 'examples', name)
  const server = await createServer({
    root: exampleRoot,
    configFile: resolve(exampleRoot, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    ...config,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ...config.server },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('vite did not start')
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() }
}
