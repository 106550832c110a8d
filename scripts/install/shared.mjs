// What the install checks share (scripts/check-install.mjs and its parts in this folder): the
// repository root, running a command with its time printed, writing an app's files, the READMEs'
// marked snippets, and packing a workspace package as npm would publish it.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * The README's marked snippets: `<!-- file: <app>/<path> -->` right before a fenced block.
 * Returns `{ app, path, code }` for each; the README must hold the ones the apps need.
 */
export function readmeSnippets(markdown) {
  const snippets = []
  const pattern = /<!-- file: (\w+)\/([\w./-]+) -->\n```\w*\n([\s\S]*?)\n```/g
  for (const match of markdown.matchAll(pattern)) {
    snippets.push({ app: match[1], path: match[2], code: `${match[3]}\n` })
  }
  return snippets
}

export function run(title, command, args, cwd, env = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✗ ${title} (${seconds} s)\n${result.stdout}\n${result.stderr}`)
    throw new Error(`${title} failed`)
  }
  console.log(`✓ ${title} (${seconds} s)`)
  return `${result.stdout}\n${result.stderr}`
}

export function write(dir, files) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(
      file,
      typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
    )
  }
}

/** Packs a workspace package into `packDir` and checks what a user would download. */
export function packChecked(folder, packDir) {
  const cwd = join(root, folder)
  if (!existsSync(join(cwd, 'dist'))) throw new Error(`${folder}/dist is missing: run pnpm build`)
  const before = new Set(readdirSync(packDir))
  run(`pack ${folder}`, 'pnpm', ['pack', '--pack-destination', packDir], cwd)
  const file = readdirSync(packDir).find((name) => !before.has(name))
  const { name } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
  // What the user resolves: no `source` condition (it points at TypeScript the tarball lacks),
  // and the package's README and LICENSE.
  const listing = spawnSync('tar', ['tzf', join(packDir, file)], { encoding: 'utf8' }).stdout
  for (const needed of ['package/README.md', 'package/LICENSE', 'package/package.json']) {
    if (!listing.split('\n').includes(needed)) throw new Error(`${name} tarball lacks ${needed}`)
  }
  const manifest = spawnSync('tar', ['xzf', join(packDir, file), '-O', 'package/package.json'], {
    encoding: 'utf8',
  }).stdout
  if (manifest.includes('"source"')) throw new Error(`${name} publishes the source condition`)
  if (manifest.includes('workspace:')) throw new Error(`${name} publishes a workspace: range`)
  return { name, file: join(packDir, file) }
}
