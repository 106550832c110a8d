import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, type StartedNext, startServerProcess } from './next.js'

const docs = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs')

/** The docs site (`ladle serve`) on a free port, wired to the devnet in PORTICO_DEVNET. */
export async function startDocs(deadlineMs = 300_000): Promise<StartedNext> {
  const port = await freePort()
  return await startServerProcess({
    command: resolve(docs, 'node_modules/.bin/ladle'),
    args: ['serve', '--port', String(port)],
    cwd: docs,
    env: { BROWSER: 'none' },
    url: `http://127.0.0.1:${port}/meta.json`,
    deadlineMs,
  })
}
