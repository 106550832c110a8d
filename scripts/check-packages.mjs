// `pnpm check:packages`: the three published packages, built, pass publint (package.json fields
// and files) and Are The Types Wrong (types resolve for ESM and CJS users under Node 16+ and
// bundlers). Expects `pnpm build` to have run.
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
let failed = false
for (const folder of ['core', 'react', 'ui-kit']) {
  const cwd = join(root, folder)
  for (const [tool, args] of [
    ['publint', ['--strict', '.']],
    // Subpath exports need Node 16 resolution or a bundler; node10 cannot see them by design.
    [
      'attw',
      [
        '--pack',
        '.',
        '--profile',
        'node16',
        '--format',
        'table-flipped',
        '--exclude-entrypoints',
        './styles.css',
      ],
    ],
  ]) {
    const result = spawnSync(bin(tool), args, { cwd, encoding: 'utf8' })
    const ok = result.status === 0
    failed ||= !ok
    console.log(`${ok ? '✓' : '✗'} ${tool} ${folder}`)
    if (!ok) console.log(`${result.stdout}${result.stderr}`)
  }
}
if (failed) process.exit(1)
