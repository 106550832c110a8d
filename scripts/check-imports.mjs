// `pnpm check:imports`: no import cycles in core, react, ui-kit, wagmi and devnet (type-only
// imports included), and the layers only point down: ui-kit → react → core, wagmi → core, and
// nothing imports devnet (devnet itself may import any package).
// TypeScript's own pre-processor lists each file's imports, so `import type` counts like any import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const packages = {
  core: '@portico/core',
  react: '@portico/react',
  wagmi: '@portico/wagmi',
  'ui-kit': '@portico/ui-kit',
  devnet: '@portico/devnet',
  server: '@portico/server',
}
// What each layer may import from the workspace, by package name; devnet may import any.
const allowed = {
  core: [],
  react: ['@portico/core'],
  wagmi: ['@portico/core'],
  'ui-kit': ['@portico/core', '@portico/react'],
  devnet: Object.values(packages),
  // The app's server: core's pure helpers at most, never React or the UI.
  server: ['@portico/core'],
}

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : []
  })
}

function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier)
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ]
  return candidates.find((candidate) => existsSync(candidate))
}

const problems = []
const graph = new Map()
for (const [folder] of Object.entries(packages)) {
  for (const file of sources(join(root, folder, 'src'))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const edges = []
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier)
        if (!target) problems.push(`${relative(root, file)}: cannot resolve ${specifier}`)
        // The devnet's sources also import its compiled contracts (devnet/contracts/out).
        else if (!target.startsWith(join(root, folder, folder === 'devnet' ? '' : 'src') + sep)) {
          problems.push(`${relative(root, file)}: reaches outside its package (${specifier})`)
        } else edges.push(target)
      } else if (specifier.startsWith('@portico/')) {
        const name = specifier.split('/').slice(0, 2).join('/')
        if (name === '@portico/devnet' && folder !== 'devnet') {
          problems.push(`${relative(root, file)}: imports the devnet`)
        } else if (name !== packages[folder] && !allowed[folder].includes(name)) {
          problems.push(`${relative(root, file)}: ${folder} may not import ${name}`)
        }
      }
    }
    graph.set(file, edges)
  }
}

// Tarjan's strongly connected components: any component of more than one file is a cycle.
let index = 0
const stack = []
const info = new Map()
function connect(file) {
  const node = { index, low: index, onStack: true }
  info.set(file, node)
  index++
  stack.push(file)
  for (const next of graph.get(file) ?? []) {
    const seen = info.get(next)
    if (!seen) {
      connect(next)
      node.low = Math.min(node.low, info.get(next).low)
    } else if (seen.onStack) node.low = Math.min(node.low, seen.index)
  }
  if (node.low === node.index) {
    const component = []
    let member
    do {
      member = stack.pop()
      info.get(member).onStack = false
      component.push(member)
    } while (member !== file)
    const selfLoop = (graph.get(file) ?? []).includes(file)
    if (component.length > 1 || selfLoop) {
      problems.push(`import cycle: ${component.map((f) => relative(root, f)).join(' ↔ ')}`)
    }
  }
}
for (const file of graph.keys()) if (!info.has(file)) connect(file)

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\n${problems.length} import problem(s)`)
  process.exit(1)
}
console.log(`imports: ${graph.size} files, no cycles, layers respected`)
