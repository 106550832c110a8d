import { fileURLToPath } from 'node:url'
import { workspaceSources } from '../../kernel/bundle.js'
import type { DevnetInfoParts, PageScript } from '../../kernel/service.js'
import { choiceKey, type ScriptChoice } from './choice.js'

/**
 * The wallets a script tag puts on any page (a Next.js app, a static build, a page of another
 * framework: wherever the Vite plugin cannot inject them): the page scripts the wallet services
 * declare, with the devnet's description as it runs, bundled by esbuild into one module on first
 * request and kept in memory per choice (the description does not change while it runs).
 */
export function walletScriptsBundler(
  scripts: readonly PageScript[],
  info: () => DevnetInfoParts,
): (choice: ScriptChoice) => Promise<string> {
  const built = new Map<string, Promise<string>>()
  return (choice) => {
    const key = choiceKey(choice)
    let bundle = built.get(key)
    if (!bundle) {
      bundle = build(scripts, info(), choice)
      built.set(key, bundle)
      // A failed build is tried again on the next request.
      bundle.catch(() => built.delete(key))
    }
    return bundle
  }
}

async function build(
  scripts: readonly PageScript[],
  info: DevnetInfoParts,
  choice: ScriptChoice,
): Promise<string> {
  const chosen = scripts.filter((script) => choice.wallets.includes(script.option))
  // Each script in a block of its own: their imports are hoisted alike, and the installs run in
  // registry order, as the Vite plugin's scripts do.
  const contents = chosen
    .map((script) => script.code(info, { autoApprove: choice.autoApprove }, (path) => path))
    .join('\n')
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    stdin: {
      contents: contents === '' ? 'export {}' : contents,
      loader: 'ts',
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      sourcefile: 'portico-devnet-wallets.ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    // The wallets import `@portico/server/message` (the sign-in message they describe).
    plugins: [workspaceSources],
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no wallets bundle')
  return output.text
}
