import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export type PublicSymbol = {
  name: string
  /** value (runs), type (types only), or both (a class). */
  kind: 'value' | 'type' | 'value+type'
  documented: boolean
}

/**
 * Every name a package entry exports, types included, read with the TypeScript compiler the way a
 * user's editor sees it: the public API, for an export snapshot and a TSDoc check.
 */
export function publicApi(entry: string): PublicSymbol[] {
  const file = resolve(root, entry)
  const config = ts.readConfigFile(resolve(root, 'tsconfig.base.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const program = ts.createProgram([file], { ...parsed.options, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  if (!source) throw new Error(`cannot read ${entry}`)
  const moduleSymbol = checker.getSymbolAtLocation(source)
  if (!moduleSymbol) return []
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => {
      const target =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const isValue = (target.flags & ts.SymbolFlags.Value) !== 0
      const isType = (target.flags & ts.SymbolFlags.Type) !== 0
      const docs = ts.displayPartsToString(target.getDocumentationComment(checker)).trim()
      return {
        name: exported.name,
        kind: isValue && isType ? 'value+type' : isValue ? 'value' : 'type',
        documented: docs.length > 0,
      } satisfies PublicSymbol
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}
