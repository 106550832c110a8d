import { describe, expect, it } from 'vitest'
import { CONNECTOR_TYPE_ORDER_DEFAULT } from '../options/index.js'
import { orderConnectors } from './orderConnectors.js'
import type { Connector } from './types.js'

const connector = (id: string, type: Connector['type'], rdns?: string): Connector => ({
  id,
  name: id,
  type,
  chain: 'eip155',
  rdns,
})

describe('orderConnectors', () => {
  it('follows the spec order and shows each wallet once, recent ones first and marked', () => {
    const items = orderConnectors({
      connectors: [
        connector('com.alpha', 'ANNOUNCED', 'com.alpha'),
        connector('com.beta', 'ANNOUNCED', 'com.beta'),
        connector('walletConnect', 'WALLET_CONNECT'),
        connector('my-sdk', 'EXTERNAL'),
      ],
      recent: [{ id: 'com.beta', name: 'Beta' }],
      custom: [{ id: 'custom-1', name: 'Custom' }],
      featured: [{ id: 'feat-1', name: 'Featured' }],
      recommended: [
        { id: 'rec-1', name: 'Recommended' },
        { id: 'feat-1', name: 'Featured again' },
      ],
      order: CONNECTOR_TYPE_ORDER_DEFAULT,
    })
    expect(
      items.map((item) => [
        item.group,
        item.kind === 'connector' ? item.connector.id : item.wallet.id,
        item.recent,
      ]),
    ).toEqual([
      ['walletConnect', 'walletConnect', false],
      ['recent', 'com.beta', true],
      ['injected', 'com.alpha', false],
      ['featured', 'feat-1', false],
      ['custom', 'custom-1', false],
      ['external', 'my-sdk', false],
      ['recommended', 'rec-1', false],
    ])
  })

  it('respects an app order', () => {
    const items = orderConnectors({
      connectors: [connector('com.alpha', 'ANNOUNCED', 'com.alpha'), connector('x', 'EXTERNAL')],
      recent: [],
      order: ['external', 'injected'],
    })
    expect(items.map((i) => i.group)).toEqual(['external', 'injected'])
  })

  it('shows a recent wallet as its connector in the page, found by id or by rdns', () => {
    const items = orderConnectors({
      connectors: [
        connector('walletConnect', 'WALLET_CONNECT'),
        // An announced wallet whose connector id is not its rdns.
        connector('uuid-1', 'ANNOUNCED', 'com.alpha'),
        // The app's own connector, without an rdns.
        connector('my-sdk', 'EXTERNAL'),
      ],
      recent: [
        { id: 'com.alpha', name: 'Alpha' },
        { id: 'my-sdk', name: 'SDK' },
      ],
      order: ['recent'],
    })
    expect(
      items.map((i) => [i.kind, i.kind === 'connector' ? i.connector.id : i.wallet.id, i.recent]),
    ).toEqual([
      ['connector', 'uuid-1', true],
      ['connector', 'my-sdk', true],
    ])
  })

  it("lists an app's own connectors, single or multi-chain, with the external ones", () => {
    const items = orderConnectors({
      connectors: [
        connector('sdk', 'EXTERNAL'),
        connector('both-chains', 'MULTI_CHAIN'),
        connector('com.alpha', 'ANNOUNCED', 'com.alpha'),
      ],
      recent: [],
      order: ['external'],
    })
    expect(items.map((i) => (i.kind === 'connector' ? i.connector.id : i.wallet.id))).toEqual([
      'sdk',
      'both-chains',
    ])
  })

  it('lists a recent WalletConnect wallet only when WalletConnect is available', () => {
    const recent = [{ id: 'phone-wallet', name: 'Phone' }]
    expect(orderConnectors({ connectors: [], recent, order: ['recent'] })).toEqual([])
    expect(
      orderConnectors({
        connectors: [connector('walletConnect', 'WALLET_CONNECT')],
        recent,
        order: ['recent'],
      }),
    ).toHaveLength(1)
  })
})
