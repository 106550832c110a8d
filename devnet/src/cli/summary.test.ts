import { describe, expect, it } from 'vitest'
import { devnetInfoAt } from '../registry.js'
import { createPorticoSnippet, devnetSummary, porticoConfig } from './summary.js'

const info = devnetInfoAt({ api: 9000, relay: 9001, secure: 9002, chains: [9003, 9004, 9005] })

/** Runs the pasted snippet with a stand-in createPortico: what the app would pass it. */
function passedToCreatePortico(snippet: string): unknown {
  const [importLine, blank, ...code] = snippet.split('\n')
  expect([importLine, blank]).toEqual(["import { createPortico } from '@portico/core'", ''])
  const body = code.join('\n').replace('export const portico = ', 'return ')
  return new Function('createPortico', body)((options: unknown) => options)
}

describe("portico-devnet's config snippet", () => {
  it('is createPortico with the networks, every API URL (secureSite too) and the project id', () => {
    expect(porticoConfig(info)).toEqual({
      projectId: 'devnet',
      networks: info.networks,
      apiUrls: {
        blockchain: 'http://127.0.0.1:9000',
        toolkit: 'http://127.0.0.1:9000',
        pulse: 'http://127.0.0.1:9000',
        relay: 'ws://127.0.0.1:9001',
        secureSite: 'http://127.0.0.1:9002',
      },
    })
    expect(info.networks.map((n) => n.rpcUrls.http[0])).toEqual([
      'http://127.0.0.1:9003',
      'http://127.0.0.1:9004',
    ])
  })

  it('is code that passes exactly that config when pasted', () => {
    const snippet = createPorticoSnippet(info)
    expect(passedToCreatePortico(snippet)).toEqual(porticoConfig(info))
    // Written as a person would: unquoted keys, short objects on one line.
    expect(snippet).toContain("    relay: 'ws://127.0.0.1:9001',")
    expect(snippet).toContain("nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }")
    expect(Math.max(...snippet.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100)
  })

  it('comes after every page, the guestbook and the accounts in the summary', () => {
    const summary = devnetSummary({
      pages: [
        { label: 'API', url: 'http://127.0.0.1:9000', about: 'Blockchain API and toolkit backend' },
        { label: 'Devnet Inbox', url: 'http://127.0.0.1:9002/inbox' },
      ],
      info,
      accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
      seconds: 1.234,
    })
    const lines = summary.split('\n')
    expect(lines).toContain('Portico devnet is up in 1.2 s (Ctrl-C stops it)')
    expect(lines).toContain(
      '  API               http://127.0.0.1:9000  (Blockchain API and toolkit backend)',
    )
    expect(lines).toContain('  Devnet Inbox      http://127.0.0.1:9002/inbox')
    expect(summary).toMatch(/ {2}guestbook {9}0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84 /)
    expect(lines).toContain('  account 0: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    // Where a page the Vite plugin does not serve gets the browser wallets.
    expect(lines).toContain(
      '                    any page: <script type="module" src="http://127.0.0.1:9000/devnet/wallets.js"></script>',
    )
    expect(summary.endsWith(`${createPorticoSnippet(info)}\n`)).toBe(true)
  })
})
