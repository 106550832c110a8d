// `pnpm bench --profile`'s source maps: just enough to map a generated line and column of the
// production build back to its source file and line, and to name the file (its package, or its
// folder in this repository).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]))

/** Decodes the base64 VLQ numbers of one mapping segment. */
function decodeSegment(segment) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char)
    if (digit === undefined) throw new Error(`bad source map character ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** For each generated line, its segments as [column, source, line, column] sorted by column. */
function decodeMappings(mappings) {
  const lines = []
  let source = 0
  let sourceLine = 0
  let sourceColumn = 0
  for (const line of mappings.split(';')) {
    const segments = []
    let column = 0
    for (const text of line.split(',')) {
      if (!text) continue
      const v = decodeSegment(text)
      column += v[0]
      if (v.length >= 4) {
        source += v[1]
        sourceLine += v[2]
        sourceColumn += v[3]
        segments.push([column, source, sourceLine, sourceColumn])
      }
    }
    lines.push(segments)
  }
  return lines
}

export function loadSourceMaps(outDir, baseUrl) {
  const maps = new Map()
  const assets = join(outDir, 'assets')
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js.map')) continue
    const mapPath = join(assets, name)
    const map = JSON.parse(readFileSync(mapPath, 'utf8'))
    const url = new URL(`assets/${name.slice(0, -'.map'.length)}`, baseUrl).href
    maps.set(url, {
      lines: decodeMappings(map.mappings),
      sources: map.sources.map((s) => resolve(dirname(mapPath), map.sourceRoot ?? '', s)),
      contents: map.sourcesContent ?? [],
    })
  }
  return maps
}

/** A short, stable name for a source file: a package name or a path in the repository. */
export function sourceLabel(path) {
  const inModules = path.lastIndexOf('/node_modules/')
  if (inModules >= 0) {
    const rest = path.slice(inModules + '/node_modules/'.length).split('/')
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
    return { group: pkg, file: `${pkg}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}` }
  }
  const file = relative(repoRoot, path)
  const group = file.startsWith('..') ? file : file.split('/').slice(0, 2).join('/')
  return { group, file }
}

export function lookup(maps, url, line, column) {
  const map = maps.get(url)
  if (!map) return undefined
  const segments = map.lines[line]
  if (!segments?.length) return undefined
  let lo = 0
  let hi = segments.length - 1
  if (segments[0][0] > column) return undefined
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (segments[mid][0] <= column) lo = mid
    else hi = mid - 1
  }
  const [, source, sourceLine, sourceColumn] = segments[lo]
  const path = map.sources[source]
  const text = map.contents[source]?.split('\n')[sourceLine]?.trim()
  return { path, line: sourceLine + 1, column: sourceColumn + 1, text }
}
