import {
  cookieStorage,
  cookieToInitialState,
  createMemoryStorage,
  createPortico,
  type PorticoClient,
  type PorticoInitialState,
} from '@portico/core'
import {
  createFakeWallet,
  TEST_ACCOUNTS,
  TEST_NETWORKS,
  unreachableFetch,
} from '@portico/core/testing'
import { PorticoProvider } from '@portico/react'
import { act, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from './buttons/ConnectButton.js'
import { NetworkButton } from './buttons/NetworkButton.js'
import { Modal } from './modal/Modal.js'

/**
 * The Next.js journey without Next.js: a visitor connects (the cookies are written), reloads; the
 * server renders from the request's cookies, the browser hydrates that HTML with its own client.
 * The server HTML already names the account, and React reports no hydration difference.
 */

const RDNS = 'dev.portico.fake'
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  for (const name of document.cookie.split(';').map((pair) => pair.split('=')[0]?.trim())) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets what the storage wrote
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
  localStorage.clear()
  vi.restoreAllMocks()
})

function client(options: {
  storage: Parameters<typeof createPortico>[0]['storage']
  initialState?: PorticoInitialState | undefined
}): PorticoClient {
  const value = createPortico({
    projectId: 'test',
    networks: TEST_NETWORKS,
    logLevel: 'silent',
    fetch: unreachableFetch,
    ssr: true,
    ...options,
  })
  cleanups.push(() => value.destroy())
  return value
}

function App({ client }: { client: PorticoClient }) {
  return (
    <PorticoProvider client={client}>
      <ConnectButton />
      <NetworkButton />
      <Modal />
    </PorticoProvider>
  )
}

async function connectOnce() {
  const wallet = createFakeWallet({ chainId: 31338 })
  cleanups.push(wallet.announce(window, { name: 'Fake Wallet', rdns: RDNS }))
  const first = createPortico({
    projectId: 'test',
    networks: TEST_NETWORKS,
    logLevel: 'silent',
    fetch: unreachableFetch,
    storage: cookieStorage,
  })
  first.connectors.startDiscovery()
  await first.connection.connect({ connectorId: RDNS })
  first.destroy()
  return wallet
}

describe('server rendering from the request cookies', () => {
  it('renders the connected account on the server and hydrates without a difference', async () => {
    await connectOnce()
    const initialState = cookieToInitialState(document.cookie)
    expect(initialState).toBeDefined()

    // The server: a client per request, memory storage, the request's cookies.
    const server = client({ storage: createMemoryStorage(), initialState })
    const html = renderToString(<App client={server} />)
    expect(html).toContain('data-status="reconnecting"')
    expect(html).toContain('Account')
    expect(html).toContain('0xf3…b92266')
    expect(html).toContain('Devnet L2')

    // The browser: the same HTML, hydrated by its own client on cookie storage.
    const container = document.createElement('div')
    container.replaceChildren(...serverNodes(html))
    document.body.append(container)
    cleanups.push(() => container.remove())
    const recoverable: unknown[] = []
    const consoleError = vi.spyOn(console, 'error')
    const browser = client({ storage: cookieStorage, initialState })
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, <App client={browser} />, {
        onRecoverableError: (error) => recoverable.push(error),
      })
    })
    cleanups.push(() => root?.unmount())
    expect(recoverable).toEqual([])
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/hydrat|did not match/i)

    // Once mounted, the wallet is asked and confirms: connected, the same account.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Account/ }).dataset.status).toBe('connected'),
    )
    expect(screen.getByRole('button', { name: /^Account/ }).textContent).toContain('0xf3…b92266')
    expect(browser.connection.$address.get()).toBe(TEST_ACCOUNTS[0])
  })

  it('renders "Connect wallet" for a request without cookies, and hydrates the same', async () => {
    const server = client({ storage: createMemoryStorage(), initialState: undefined })
    const html = renderToString(<App client={server} />)
    expect(html).toContain('Connect wallet')
    const container = document.createElement('div')
    container.replaceChildren(...serverNodes(html))
    document.body.append(container)
    cleanups.push(() => container.remove())
    const recoverable: unknown[] = []
    const browser = client({ storage: cookieStorage, initialState: undefined })
    await act(async () => {
      const root = hydrateRoot(container, <App client={browser} />, {
        onRecoverableError: (error) => recoverable.push(error),
      })
      cleanups.push(() => root.unmount())
    })
    expect(recoverable).toEqual([])
    screen.getByRole('button', { name: 'Connect wallet' })
  })
})

/**
 * The server's HTML as nodes, as the browser would parse the page: parsed in a document of its
 * own, never assigned through innerHTML.
 */
function serverNodes(html: string): Node[] {
  return [...new DOMParser().parseFromString(html, 'text/html').body.childNodes]
}
