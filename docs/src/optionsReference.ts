/**
 * Reads the options of `createPortico` from core's own sources (the `BaseOptions` type and each
 * feature's `…Options` type), so the reference page lists every option with its type and its
 * comment, and cannot fall behind the code.
 */
export type OptionDoc = {
  group: string
  name: string
  optional: boolean
  type: string
  doc: string
}

const BLOCK = /export type (\w*Options) = \{\n([\s\S]*?)\n\}/g
const FIELD = /^ {2}(?:\/\*\*([\s\S]*?)\*\/\n {2})?(\w+)(\??): ([^\n]+(?:\n {4}[^\n]+)*)$/gm

/** `…Options` types that are not options of `createPortico`. */
const NOT_CREATE_PORTICO = new Set(['ResolvedOptions', 'ApiRequestOptions', 'DeadlineOptions'])

function parseOptions(source: string): OptionDoc[] {
  const options: OptionDoc[] = []
  for (const [, group, body] of source.matchAll(BLOCK)) {
    if (!group || !body || NOT_CREATE_PORTICO.has(group)) continue
    for (const [, comment, name, optional, type] of body.matchAll(FIELD)) {
      if (!name || !type) continue
      options.push({
        group,
        name,
        optional: optional === '?',
        type: type.replace(/\s+/g, ' ').trim(),
        doc: (comment ?? '')
          .split('\n')
          .map((line) => line.replace(/^\s*\*\s?/, ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      })
    }
  }
  return options
}

const sources = import.meta.glob<string>(
  ['../../core/src/*/feature.ts', '../../core/src/*/types.ts'],
  { query: '?raw', import: 'default', eager: true },
)

/** Every option: the shared ones first, then each feature's, in file order. */
export const OPTIONS: OptionDoc[] = Object.keys(sources)
  .sort(
    (a, b) =>
      Number(b.includes('/options/')) - Number(a.includes('/options/')) || a.localeCompare(b),
  )
  .flatMap((path) => parseOptions(sources[path] ?? ''))
