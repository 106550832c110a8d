// What the benchmark measures and on what: the commit, the production build of examples/modal, and
// the Devnet Wallet bundled as an extension's content script.
import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild } from 'esbuild'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const exampleRoot = join(root, 'examples', 'modal')

export function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim()
    return dirty ? `${sha} (with uncommitted changes)` : sha
  } catch {
    return 'unknown'
  }
}

export async function buildExample(outDir) {
  const { build } = await import('vite')
  await build({
    root: exampleRoot,
    configFile: join(exampleRoot, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    build: {
      outDir,
      emptyOutDir: true,
      // Maps next to the files, for --profile; "hidden" leaves the served JS byte for byte as
      // without them (no sourceMappingURL comment), and the server never serves .map files.
      sourcemap: 'hidden',
      reportCompressedSize: false,
    },
  })
}

/** The Devnet Wallet as one classic script, installed like an extension's content script. */
export async function extensionScript(devnetInfo) {
  const walletOptions = {
    chains: [...devnetInfo.chains, devnetInfo.unlistedChain].map(({ chainId, name, rpcUrl }) => ({
      chainId,
      name,
      rpcUrl,
    })),
    mnemonic: devnetInfo.mnemonic,
  }
  const result = await esbuild({
    stdin: {
      contents: [
        `import { installDevnetWallet } from '@portico/devnet/wallet'`,
        'if (window.top === window) {',
        '  const start = performance.now()',
        `  installDevnetWallet(${JSON.stringify(walletOptions)})`,
        '  const bench = window.__porticoBench',
        '  if (bench) bench.extension = { start, end: performance.now() }',
        '}',
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'devnet-wallet-extension.ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    nodePaths: [join(root, 'devnet', 'node_modules')],
  })
  // Named, so a profile shows the extension's time apart from the page's.
  return `${result.outputFiles[0].text}\n//# sourceURL=devnet-wallet-extension.js\n`
}
