import { describe, expect, it } from 'vitest'
import { clientIdFromUrl } from './clientId.js'

const jwt = (claims: unknown) =>
  ['{"alg":"EdDSA"}', JSON.stringify(claims), 'signature']
    .map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.')

describe('relay client id', () => {
  it("is the auth JWT's iss", () => {
    const url = `/?auth=${jwt({ iss: 'did:key:z6Mk', sub: 'x' })}&projectId=any&ua=wc-2`
    expect(clientIdFromUrl(url)).toBe('did:key:z6Mk')
  })

  it('is undefined without a readable JWT', () => {
    expect(clientIdFromUrl(undefined)).toBeUndefined()
    expect(clientIdFromUrl('/')).toBeUndefined()
    expect(clientIdFromUrl('/?auth=garbage')).toBeUndefined()
    expect(clientIdFromUrl('/?auth=a.bm90IGpzb24.c')).toBeUndefined()
    expect(clientIdFromUrl(`/?auth=${jwt({ iss: 42 })}`)).toBeUndefined()
    expect(clientIdFromUrl(`/?auth=${jwt(null)}`)).toBeUndefined()
  })
})
