import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../errors/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { resolveOptions } from './resolveOptions.js'
import type { PorticoOptions } from './types.js'

const base: PorticoOptions = { projectId: 'p1', networks: testNetworks }

describe('resolveOptions', () => {
  it('applies the spec defaults', () => {
    const { options, alerts } = resolveOptions(base)
    expect(alerts).toEqual([])
    expect(options.themeMode).toBe('dark')
    expect(options.features).toMatchObject({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
    })
    expect(options.features.socials).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(options.features.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(options.features.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(options.defaultAccountTypes).toMatchObject({
      eip155: 'smartAccount',
      bip122: 'payment',
      polkadot: 'eoa',
      solana: 'eoa',
    })
    expect(options.defaultNetwork.id).toBe('eip155:31337')
    expect(options.enableNetworkSwitch).toBe(true)
    expect(options.allowUnsupportedChain).toBe(false)
  })

  it('keeps the app overrides', () => {
    const { options } = resolveOptions({
      ...base,
      themeMode: 'light',
      features: { swaps: false, socials: ['github'] },
      defaultNetwork: 'eip155:31338',
      apiUrls: { blockchain: 'http://127.0.0.1:8787' },
    })
    expect(options.themeMode).toBe('light')
    expect(options.features.swaps).toBe(false)
    expect(options.features.onramp).toBe(true)
    expect(options.features.socials).toEqual(['github'])
    expect(options.defaultNetwork.name).toBe('Devnet L2')
    expect(options.apiUrls.blockchain).toBe('http://127.0.0.1:8787')
    expect(options.apiUrls.toolkit).toMatch(/^https:/)
  })

  it('raises the project id alert when projectId is missing or blank', () => {
    expect(resolveOptions({ networks: testNetworks }).alerts).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    expect(resolveOptions({ ...base, projectId: '  ' }).alerts).toEqual([
      'PROJECT_ID_NOT_CONFIGURED',
    ])
  })

  it('refuses siweConfig together with siwx', () => {
    const siwx = {} as NonNullable<PorticoOptions['siwx']>
    expect(() => resolveOptions({ ...base, siwx, siweConfig: {} })).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('refuses a theme mode other than light or dark', () => {
    expect(() =>
      resolveOptions({ ...base, themeMode: 'sepia' as unknown as PorticoOptions['themeMode'] }),
    ).toThrow(/themeMode must be 'light' or 'dark'/)
  })

  it('refuses social providers outside the six named (Farcaster has its own flow)', () => {
    expect(() =>
      resolveOptions({
        ...base,
        features: { socials: ['google', 'myspace'] as unknown as ['google'] },
      }),
    ).toThrow(/'myspace' is not one of google, github, apple, facebook, x, discord, farcaster/)
  })

  it('refuses broken networks with a message that names the problem', () => {
    const bad = (network: unknown) => () =>
      resolveOptions({ ...base, networks: [network as (typeof testNetworks)[0]] })
    expect(bad({ ...testNetworks[0], id: 'eip155' })).toThrow('Invalid network id eip155')
    expect(bad({ ...testNetworks[0], id: 'tron:1' })).toThrow('unknown namespace tron')
    expect(bad({ ...testNetworks[0], id: 'eip155:0x1' })).toThrow('positive integer')
    expect(bad({ ...testNetworks[0], rpcUrls: { http: ['javascript:alert(1)'] } })).toThrow(
      'http(s) URLs',
    )
    expect(() => resolveOptions({ ...base, networks: [testNetworks[0], testNetworks[0]] })).toThrow(
      'listed twice',
    )
    expect(() => resolveOptions({ ...base, defaultNetwork: 'eip155:1' })).toThrow('not in networks')
  })

  it('fails only with a PorticoError, whatever the networks hold', () => {
    fc.assert(
      fc.property(fc.anything(), (network) => {
        try {
          resolveOptions({ ...base, networks: [network as (typeof testNetworks)[0]] })
        } catch (error) {
          expect(isPorticoError(error)).toBe(true)
        }
      }),
    )
  })
})
