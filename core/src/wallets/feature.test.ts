import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'

function setup(options: Partial<PorticoOptions> = {}) {
  const asked: string[] = []
  const queries: URLSearchParams[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(new URL(String(input)).pathname)
    queries.push(new URL(String(input)).searchParams)
    return Response.json({ count: 1, data: [{ id: 'w1', name: 'Wallet One' }] })
  }
  const client = createPortico({
    projectId: 'p',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch,
    ...options,
  })
  return { client, asked, queries }
}

/** Lets the event loop turn a few times: time enough for a request that would go. */
const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * Under fake timers: past the open modal's first frame (a timer where there are no frames), and
 * time for the listing's code and a request it would make to arrive.
 */
const pastFirstFrame = async () => {
  for (let i = 0; i < 3; i++) {
    await vi.advanceTimersByTimeAsync(10)
    await vi.dynamicImportSettled()
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the wallet list is asked for on use, never at page load', () => {
  it('a connect list on screen (a custom connect button) makes no request', async () => {
    const { client, asked } = setup()
    const stop = client.wallets.$connectList.listen(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    stop()
    expect(asked).toEqual([])
  })

  it('an explorer showing the recommended wallets loads them, once', async () => {
    const { client, asked } = setup()
    const stop = client.wallets.$recommended.listen(() => undefined)
    const stopFeatured = client.wallets.$featured.listen(() => undefined)
    // The listing's code is fetched on this first use, then the request goes.
    await vi.waitFor(() => expect(client.wallets.$recommended.get()).toHaveLength(1))
    stop()
    stopFeatured()
    expect(asked).toEqual(['/getWallets'])
    expect(client.wallets.$recommended.get().map((w) => w.id)).toEqual(['w1'])
  })
})

describe('the wallet list and the modal', () => {
  it('is asked when the modal opens, after its first frame', async () => {
    const { client, asked } = setup()
    client.modal.open()
    expect(asked).toEqual([])
    await vi.waitFor(() => expect(asked).toContain('/getWallets'))
    client.destroy()
  })

  it('is not asked for a modal closed before its first frame', async () => {
    const { client, asked } = setup()
    client.modal.open()
    client.modal.close()
    await turns()
    expect(asked).toEqual([])
    client.destroy()
  })

  it('is not asked for a client destroyed before the first frame', async () => {
    vi.useFakeTimers()
    const { client, asked } = setup()
    client.modal.open()
    client.destroy()
    await pastFirstFrame()
    expect(asked).toEqual([])
    expect(client.wallets.$listStatus.get()).toBe('idle')
  })

  it('a client never opened is destroyed without a word', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { client } = setup({ logLevel: 'error' })
    client.destroy()
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})

describe('without a project id there is no listing to ask', () => {
  it('not when the modal opens', async () => {
    vi.useFakeTimers()
    const { client, asked } = setup({ projectId: '' })
    client.modal.open()
    await pastFirstFrame()
    expect(asked).toEqual([])
    expect(client.wallets.$listStatus.get()).toBe('idle')
    client.destroy()
  })

  it('neither when the modal opens nor when an explorer shows the lists', async () => {
    const { client, asked } = setup({ projectId: '' })
    client.modal.open()
    const stops = [
      client.wallets.$recommended.listen(() => undefined),
      client.wallets.$featured.listen(() => undefined),
    ]
    await turns()
    expect(asked).toEqual([])
    for (const stop of stops) stop()
    client.destroy()
  })
})

describe('the extension of a listed wallet', () => {
  it('is never a connector that names no rdns, for a wallet that names none either', () => {
    const { client } = setup({
      connectors: [
        { id: 'app-wallet', name: 'App wallet', provider: { request: async () => null } },
      ],
    })
    expect(client.wallets.installedConnector({ id: 'w1', name: 'Wallet One' })).toBeUndefined()
    client.destroy()
  })
})

describe('the listing asked', () => {
  const recommended = async (options: Partial<PorticoOptions>) => {
    const { client, queries } = setup(options)
    const stop = client.wallets.$recommended.listen(() => undefined)
    await vi.waitFor(() => expect(queries).not.toHaveLength(0))
    stop()
    client.destroy()
    return queries[0] as URLSearchParams
  }

  it('is every wallet when the app names none to include or exclude', async () => {
    const query = await recommended({})
    expect([query.has('include'), query.has('exclude')]).toEqual([false, false])
  })

  it('carries the wallets the app includes and excludes', async () => {
    const query = await recommended({ includeWalletIds: ['w1', 'w2'], excludeWalletIds: ['w3'] })
    expect(query.get('include')).toContain('w1')
    expect(query.get('exclude')).toContain('w3')
  })
})

describe('the Connect list', () => {
  it('before the listing loads, holds the page’s connectors and the app’s own wallets only', () => {
    const custom = { id: 'app-wallet', name: 'App Wallet', mobileLink: 'appwallet://' }
    const plain = setup()
    expect(
      plain.client.wallets.$connectList.get().filter((item) => item.kind === 'wallet'),
    ).toEqual([])
    plain.client.destroy()
    const withCustom = setup({ customWallets: [custom] })
    const wallets = withCustom.client.wallets.$connectList.get().filter((i) => i.kind === 'wallet')
    expect(wallets.map((item) => item.kind === 'wallet' && item.wallet.id)).toEqual(['app-wallet'])
    withCustom.client.destroy()
  })
})
