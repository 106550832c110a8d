// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { bitcoinAdapter } from '../adapters/bitcoin/index.js'
import type { SatsConnectProvider } from '../connectors/index.js'
import { cleanupAfterEach, createOfflinePortico, DOWN } from '../test-utils/offline.js'

// The app's PSBT through a Bitcoin wallet that speaks sats-connect (Xverse's shape), at the edge
// of the world: it answers what the test says.
const cleanup = cleanupAfterEach()
beforeAll(async () => {
  await import('../adapters/bitcoin/createBitcoinAdapter.js')
  await import('../connection/lazy.js')
  await import('./lazy.js')
}, 30_000)

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const PSBT = 'cHNidP8BAAoCAAAAAAAAAAAAAAAA'
const TXID = 'ab'.repeat(32)

function setup(signPsbt: (params: unknown) => unknown) {
  const asked: { method: string; params: unknown }[] = []
  const provider = {
    async request(method: string, params?: unknown) {
      asked.push({ method, params })
      switch (method) {
        case 'getAccounts':
          return { result: [{ address: ADDRESS, purpose: 'payment', addressType: 'p2wpkh' }] }
        case 'wallet_getNetwork':
          return { result: { bitcoin: { name: 'Mainnet' } } }
        case 'signPsbt':
          return signPsbt(params)
        default:
          return { error: { code: -32601, message: 'Method not found' } }
      }
    },
    addListener: () => () => undefined,
  } as unknown as SatsConnectProvider
  const { client } = createOfflinePortico(cleanup, {
    networks: [
      {
        id: 'bip122:000000000019d6689c085ae165831e93',
        name: 'Bitcoin',
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        rpcUrls: { http: [DOWN] },
      },
    ] as never,
    adapters: { bip122: bitcoinAdapter },
    connectors: [{ id: 'xverse', name: 'Xverse', chain: 'bip122', satsConnect: provider }],
  })
  const connect = () => client.connection.connect({ connectorId: 'xverse' })
  return { client, asked, connect }
}

describe('client.wallet.signPsbt', () => {
  it('hands the PSBT and its inputs to the wallet and gives back the signed one', async () => {
    const { client, asked, connect } = setup(() => ({ result: { psbt: PSBT } }))
    await connect()
    await expect(
      client.wallet.signPsbt({ psbt: PSBT, signInputs: { [ADDRESS]: [0] } }),
    ).resolves.toEqual({ psbt: PSBT })
    expect(asked.at(-1)).toEqual({
      method: 'signPsbt',
      params: { psbt: PSBT, signInputs: { [ADDRESS]: [0] }, broadcast: false },
    })
  })

  it('broadcasts when asked, and gives the transaction id', async () => {
    const { client, asked, connect } = setup(() => ({ result: { psbt: PSBT, txid: TXID } }))
    await connect()
    await expect(
      client.wallet.signPsbt({ psbt: PSBT, signInputs: { [ADDRESS]: [0, 1] }, broadcast: true }),
    ).resolves.toEqual({ psbt: PSBT, txid: TXID })
    expect(asked.at(-1)?.params).toMatchObject({ broadcast: true })
  })

  it('refuses an answer without a signed PSBT, or with a transaction id that is not one', async () => {
    const answers = [{ result: {} }, { result: { psbt: 'not base64!' } }, { result: 'x' }]
    for (const answer of answers) {
      const { client, connect } = setup(() => answer)
      await connect()
      await expect(
        client.wallet.signPsbt({ psbt: PSBT, signInputs: { [ADDRESS]: [0] } }),
      ).rejects.toMatchObject({
        code: 'WALLET_ERROR',
        message: 'The wallet answered with no signed PSBT',
      })
    }
    for (const txid of ['abc', 42, `${TXID}00`]) {
      const { client, connect } = setup(() => ({ result: { psbt: PSBT, txid } }))
      await connect()
      await expect(
        client.wallet.signPsbt({ psbt: PSBT, signInputs: { [ADDRESS]: [0] } }),
      ).rejects.toMatchObject({
        code: 'WALLET_ERROR',
        message: 'The wallet answered with an invalid transaction id',
      })
    }
  })

  it('keeps a refusal as USER_REJECTED with code 4001', async () => {
    const { client, connect } = setup(() => ({ error: { code: -32000, message: 'User rejected' } }))
    await connect()
    await expect(
      client.wallet.signPsbt({ psbt: PSBT, signInputs: { [ADDRESS]: [0] } }),
    ).rejects.toMatchObject({ code: 'USER_REJECTED', details: { code: 4001 } })
  })
})

describe("a Bitcoin wallet's provider and an app without EVM networks", () => {
  it('passes requests to the Bitcoin wallet, and its refusal is 4001', async () => {
    let answer: unknown = { result: { psbt: PSBT } }
    const { client, asked, connect } = setup(() => answer)
    await connect()
    const provider = await client.wallet.getProvider({ namespace: 'bip122' })
    expect(provider.namespace).toBe('bip122')
    await expect(
      provider.request({ method: 'signPsbt', params: [{ psbt: PSBT, signInputs: {} }] }),
    ).resolves.toEqual({ psbt: PSBT })
    expect(asked.at(-1)).toEqual({ method: 'signPsbt', params: { psbt: PSBT, signInputs: {} } })
    answer = { error: { code: -32000, message: 'User rejected' } }
    await expect(
      provider.request({ method: 'signPsbt', params: [{ psbt: PSBT, signInputs: {} }] }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('has no EVM public client or provider when the app lists no EVM network', async () => {
    const { client } = setup(() => ({ result: {} }))
    await expect(client.wallet.getPublicClient()).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
      details: { namespace: 'eip155' },
    })
    await expect(client.wallet.getProvider()).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The app lists no eip155 network',
    })
  })
})
