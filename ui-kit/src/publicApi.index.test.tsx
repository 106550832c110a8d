import { describe, expect, it } from 'vitest'
// @ts-expect-error: a test helper outside the package, plain TypeScript
import { publicApi } from '../../scripts/test-support/publicApi.ts'

type PublicSymbol = { name: string; kind: string; documented: boolean }

describe('@portico/ui-kit (index) public API', () => {
  const api: PublicSymbol[] = publicApi('ui-kit/src/index.ts')

  it('is the curated list: adding or removing a name is a decision, seen here', () => {
    expect(api.map((symbol) => `${symbol.kind} ${symbol.name}`)).toMatchSnapshot()
  })

  it('documents every public symbol', () => {
    expect(api.filter((symbol) => !symbol.documented).map((symbol) => symbol.name)).toEqual([])
  })
})
