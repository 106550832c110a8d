import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { isPorticoError } from '../errors/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { resolveOptions } from './resolveOptions.js'

const base: PorticoOptions = {
  projectId: 'p1',
  networks: testNetworks,
  storage: 'memory',
  logLevel: 'silent',
}

describe('shared options', () => {
  it('applies the spec defaults', () => {
    const options = resolveOptions(base)
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
    // The modal is appended to the page, as a dialog, unless the app says otherwise.
    expect(options.disableAppend).toBe(false)
    expect(options.enableEmbedded).toBe(false)
    expect(options.features.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
  })

  it('keeps the app overrides', () => {
    const options = resolveOptions({
      ...base,
      features: { swaps: false, socials: ['github'] },
      apiUrls: { blockchain: 'http://127.0.0.1:8787' },
    })
    expect(options.features.swaps).toBe(false)
    expect(options.features.onramp).toBe(true)
    expect(options.features.socials).toEqual(['github'])
    expect(options.apiUrls.blockchain).toBe('http://127.0.0.1:8787')
    expect(options.apiUrls.toolkit).toMatch(/^https:/)
  })

  it('keeps the page options the app sets, and its project id without surrounding blanks', () => {
    const options = resolveOptions({
      ...base,
      projectId: '  p1\n',
      disableAppend: true,
      enableEmbedded: true,
    })
    expect(options).toMatchObject({ projectId: 'p1', disableAppend: true, enableEmbedded: true })
  })

  it('takes no social login as false, and refuses socials that are neither a list nor false', () => {
    expect(resolveOptions({ ...base, features: { socials: false } }).features.socials).toBe(false)
    expect(resolveOptions({ ...base, features: { socials: [] } }).features.socials).toEqual([])
    expect(() =>
      resolveOptions({ ...base, features: { socials: 'google' as unknown as ['google'] } }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: expect.stringContaining('features.socials must be a list or false'),
      }),
    )
  })

  it('refuses social providers outside the six named (Farcaster has its own flow)', () => {
    expect(() =>
      resolveOptions({
        ...base,
        features: { socials: ['google', 'myspace'] as unknown as ['google'] },
      }),
    ).toThrow(/'myspace' is not one of google, github, apple, facebook, x, discord, farcaster/)
  })

  it('refuses an unknown wallet feature, connector type or API URL, naming it', () => {
    const options = (extra: Partial<PorticoOptions>) => () => resolveOptions({ ...base, ...extra })
    expect(
      options({ features: { walletFeaturesOrder: ['send', 'bridge'] as unknown as ['send'] } }),
    ).toThrow("features.walletFeaturesOrder: unknown feature 'bridge'")
    expect(
      options({ features: { connectorTypeOrder: ['injected', 'usb'] as unknown as ['injected'] } }),
    ).toThrow("features.connectorTypeOrder: unknown type 'usb'")
    expect(options({ apiUrls: { blockchain: 'not a url' } })).toThrow(
      "apiUrls.blockchain is not a URL: 'not a url'",
    )
    expect(options({ apiUrls: { blockchain: 'https://rpc.example/' } })).not.toThrow()
  })

  it('refuses missing options and an empty or missing network list, saying so', () => {
    for (const input of [undefined, null, 'p1']) {
      const error = (() => {
        try {
          createPortico(input as never)
        } catch (caught) {
          return caught
        }
      })()
      expect(isPorticoError(error, 'INVALID_OPTIONS')).toBe(true)
      expect((error as Error).message).toContain('createPortico needs options')
    }
    for (const networks of [[], undefined, 'eip155:1']) {
      expect(() => createPortico({ ...base, networks: networks as never })).toThrow(
        'networks must list at least one network',
      )
    }
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
      { numRuns: 1_000 },
    )
  })
})

describe("each feature's options", () => {
  it('applies their defaults', () => {
    const client = createPortico(base)
    expect(client.theme.$themeMode.get()).toBe('dark')
    expect(client.network.$activeNetwork.get().id).toBe('eip155:31337')
    expect(client.network.enableNetworkSwitch).toBe(true)
    expect(client.locale.$locale.get()).toBe('en')
  })

  it('keeps the app overrides', () => {
    const client = createPortico({
      ...base,
      themeMode: 'light',
      defaultNetwork: 'eip155:31338',
      enableNetworkSwitch: false,
      locale: 'es',
    })
    expect(client.theme.$themeMode.get()).toBe('light')
    expect(client.network.$activeNetwork.get().name).toBe('Devnet L2')
    expect(client.network.enableNetworkSwitch).toBe(false)
    expect(client.locale.$locale.get()).toBe('es')
  })

  it('raises the project id alert when projectId is missing or blank', () => {
    for (const projectId of [undefined, '  ']) {
      const client = createPortico({ ...base, projectId })
      expect(client.alerts.$alerts.get().map((alert) => alert.code)).toEqual([
        'PROJECT_ID_NOT_CONFIGURED',
      ])
    }
  })

  it('refuses siweConfig together with siwx', () => {
    const siwx = {} as NonNullable<PorticoOptions['siwx']>
    const siweConfig = {} as NonNullable<PorticoOptions['siweConfig']>
    expect(() => createPortico({ ...base, siwx, siweConfig })).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('refuses a theme mode other than light or dark', () => {
    expect(() =>
      createPortico({ ...base, themeMode: 'sepia' as unknown as PorticoOptions['themeMode'] }),
    ).toThrow(/themeMode must be 'light' or 'dark'/)
  })

  it('refuses a defaultNetwork that is not in networks', () => {
    expect(() => createPortico({ ...base, defaultNetwork: 'eip155:1' })).toThrow('not in networks')
  })

  it('refuses a locale that is not a BCP 47 tag', () => {
    expect(() => createPortico({ ...base, locale: 'not a locale!' })).toThrow(
      /is not a BCP 47 language tag/,
    )
  })
})
