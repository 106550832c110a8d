// `pnpm size --why`: what the esbuild first load of the modal page is made of, and which of its
// modules lazily loaded code imports too (each such module costs the page a file of its own).

const KiB = 1024
const short = (input) =>
  input.includes('node_modules')
    ? input.replace(/.*node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, '$1')
    : input.replace(/^(core|react|ui-kit)\/src\//, '$1:')

export function explain({ files, initial, entry }, { top = 40 } = {}) {
  const bytes = new Map()
  for (const path of initial) {
    for (const [input, { bytesInOutput }] of Object.entries(files.get(path).inputs)) {
      bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput)
    }
  }
  const byPackage = new Map()
  for (const [input, size] of bytes) {
    const key = input.includes('node_modules')
      ? short(input)
      : input.split('/').slice(0, 3).join('/')
    byPackage.set(key, (byPackage.get(key) ?? 0) + size)
  }
  const lines = ['', 'first load by folder (minified bytes):']
  for (const [key, size] of [...byPackage].sort((a, b) => b[1] - a[1])) {
    if (size >= 100) lines.push(`  ${(size / KiB).toFixed(1).padStart(6)}K  ${key}`)
  }
  lines.push('', `largest modules of the first load (top ${top}):`)
  for (const [input, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (!input.includes('node_modules')) {
      lines.push(`  ${(size / KiB).toFixed(2).padStart(6)}K  ${short(input)}`)
    }
  }
  const shared = [...initial].filter((path) => path !== entry)
  lines.push('', `first-load files besides the entry: ${shared.length}`)
  for (const path of shared) {
    const inputs = Object.keys(files.get(path).inputs).map(short)
    lines.push(
      `  ${path.replace(/^.*\//, '')}: ${inputs.slice(0, 8).join(', ')}${inputs.length > 8 ? ` +${inputs.length - 8}` : ''}`,
    )
  }
  return lines.join('\n')
}
