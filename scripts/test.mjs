// `pnpm test`: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'

/**
 * The property tests' seed for this commit: its hash's first 8 hex digits (see
 * vitest.setup.property.ts). Outside a git checkout, none: fresh random inputs.
 */
function commitSeed() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' })
  return head.status === 0 ? String(Number.parseInt(head.stdout.slice(0, 8), 16)) : ''
}

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✗ ${title} failed (${seconds} s)`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${title} (${seconds} s)`)
}

run('lint and format (biome)', 'pnpm', ['exec', 'biome', 'check', '.'])
run('type check (tsc)', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'])
run('imports: no cycles, layers respected', 'node', ['scripts/check-imports.mjs'])
console.log('\n━━ browser')
const chromium = ensureChromium()
console.log(`✓ Chromium at ${chromium}`)
// The sign-in example's own server (an e2e journey) runs @portico/server as an app does, from
// its build, which a fresh checkout does not have yet.
run('build @portico/server (the sign-in example runs it)', 'pnpm', [
  '--filter',
  '@portico/server',
  'run',
  'build',
])
const propertySeed = process.env.PORTICO_PROPERTY_SEED || commitSeed()
console.log(`property tests: seed ${propertySeed} (PORTICO_PROPERTY_SEED)`)
run(
  'tests: unit, components, integration, end to end (vitest)',
  'pnpm',
  ['exec', 'vitest', 'run'],
  {
    PORTICO_CHROMIUM: chromium,
    PORTICO_PROPERTY_SEED: propertySeed,
  },
)
run('size budget (builds the packages)', 'node', ['scripts/size.mjs'])
run('packages: publint and Are The Types Wrong', 'node', ['scripts/check-packages.mjs'])
run('packages: installed and built in fresh Vite and Next.js apps', 'node', [
  'scripts/check-install.mjs',
])
run('devnet: installed from its tarball and started in a fresh app', 'node', [
  'scripts/check-devnet-install.mjs',
])
