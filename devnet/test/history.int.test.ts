import { erc20Abi, formatUnits, type Hex, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Devnet,
  DevnetTetherToken,
  HISTORY_PAGE_SIZE,
  type HistoryPage,
  type HistoryTransaction,
  startDevnet,
  uniswapV2RouterAbi,
} from '../src/index.js'
import {
  api,
  apiJson,
  CONTROL_HEADERS,
  FREE_PORTS,
  ONE_HOP_SWAP_GAS,
  postJson,
  viemClients,
} from './helpers.js'

let devnet: Devnet
// Every port free, the WalletConnect relay's included (a variable: older devnets lack the option).
const PORTS = { ...FREE_PORTS, relay: 0 }

beforeAll(async () => {
  devnet = await startDevnet({ ports: PORTS })
})

afterAll(async () => {
  await devnet?.stop()
})

const clients = (index: number, chainId?: number) => viemClients(devnet, index, chainId)

function freshAddress() {
  return privateKeyToAccount(generatePrivateKey()).address
}

async function mined(index: number, send: Promise<Hex>, chainId = 31337) {
  const hash = await send
  await clients(index, chainId).client.waitForTransactionReceipt({ hash })
  return hash
}

function history(address: string, params = '') {
  return apiJson<HistoryPage>(devnet, `/v1/account/${address}/history${params}`)
}

/** The fields a test compares, one line per transaction. */
function summary(tx: HistoryTransaction) {
  return {
    op: tx.metadata.operationType,
    status: tx.metadata.status,
    chain: tx.metadata.chain,
    transfers: tx.transfers.map((t) => [
      t.direction,
      t.fungible_info?.symbol ?? t.nft_info?.name,
      t.quantity.numeric,
    ]),
  }
}

describe('transaction history', () => {
  it('lists native, USDC and USDT sends in both parties’ histories, newest first', async () => {
    const { wallet } = clients(1)
    const sender = wallet.account.address
    const receiver = freshAddress()
    const tokens = devnet.tokens[31337]!
    expect(await history(receiver)).toEqual({ data: [], next: null })

    const eth = await mined(1, wallet.sendTransaction({ to: receiver, value: parseEther('0.25') }))
    const usdc = await mined(
      1,
      wallet.writeContract({
        address: tokens.usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('12.5', 6)],
      }),
    )
    const usdt = await mined(
      1,
      wallet.writeContract({
        address: tokens.usdt,
        abi: DevnetTetherToken.abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('7.000001', 6)],
      }),
    )

    const received = await history(receiver)
    expect(received.next).toBeNull()
    expect(received.data.map((tx) => tx.metadata.hash)).toEqual([usdt, usdc, eth])
    expect(received.data.map(summary)).toEqual([
      {
        op: 'receive',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['in', 'USDT', '7.000001']],
      },
      {
        op: 'receive',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['in', 'USDC', '12.5']],
      },
      {
        op: 'receive',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['in', 'ETH', '0.25']],
      },
    ])

    const [usdtItem, usdcItem, ethItem] = received.data
    expect(ethItem?.metadata).toMatchObject({ sentFrom: sender, sentTo: receiver })
    expect(usdcItem?.metadata).toMatchObject({ sentFrom: sender, sentTo: tokens.usdc })
    expect(usdtItem?.metadata.sentTo).toBe(tokens.usdt)
    expect(ethItem?.transfers[0]).toMatchObject({
      fungible_info: { name: 'Ether', symbol: 'ETH' },
      price: 3000,
      value: 750,
    })
    expect(usdcItem?.transfers[0]).toMatchObject({
      fungible_info: { name: 'USD Coin (Devnet)', symbol: 'USDC' },
      price: 1,
      value: 12.5,
    })
    for (const tx of received.data) {
      expect(new Date(tx.metadata.minedAt).toISOString()).toBe(tx.metadata.minedAt)
      const icon = tx.transfers[0]?.fungible_info?.icon.url ?? ''
      expect(icon).toMatch(new RegExp(`^${devnet.apiUrl}/public/getTokenImage/[A-Z]+\\?`))
      expect((await fetch(icon)).headers.get('content-type')).toBe('image/svg+xml')
    }
    expect(new Set(received.data.map((tx) => tx.id)).size).toBe(3)

    const sent = await history(sender, '?chainId=eip155:31337')
    expect(sent.data.slice(0, 3).map(summary)).toEqual([
      {
        op: 'send',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['out', 'USDT', '7.000001']],
      },
      {
        op: 'send',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['out', 'USDC', '12.5']],
      },
      {
        op: 'send',
        status: 'confirmed',
        chain: 'eip155:31337',
        transfers: [['out', 'ETH', '0.25']],
      },
    ])
    const nonces = sent.data.slice(0, 3).map((tx) => tx.metadata.nonce)
    expect(nonces).toEqual([nonces[2]! + 2, nonces[2]! + 1, nonces[2]])
  })

  it('starts a funded account with the token mints of the devnet’s setup', async () => {
    const account = devnet.accounts[3]!.address
    const { data } = await history(account, '?chainId=eip155:31338')
    expect(data.map(summary)).toEqual(
      ['JUNK', 'USDT', 'PTK', 'USDC'].map((symbol) => ({
        op: 'mint',
        status: 'confirmed',
        chain: 'eip155:31338',
        transfers: [
          ['in', symbol, { JUNK: '500', USDT: '5000', PTK: '1000', USDC: '10000' }[symbol]],
        ],
      })),
    )
  })

  it('pages 20 at a time through `next`, stable when new transactions arrive', async () => {
    const { wallet } = clients(2)
    const receiver = freshAddress()
    const hashes: Hex[] = []
    for (let i = 1; i <= 23; i++) {
      hashes.push(await wallet.sendTransaction({ to: receiver, value: BigInt(i) * 10n ** 15n }))
    }
    await clients(2).client.waitForTransactionReceipt({ hash: hashes.at(-1)! })
    const newestFirst = [...hashes].reverse()

    const first = await history(receiver)
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE)
    expect(first.next).toEqual(expect.any(String))
    expect(first.data.map((tx) => tx.metadata.hash)).toEqual(newestFirst.slice(0, 20))
    expect(first.data[0]?.transfers[0]?.quantity.numeric).toBe('0.023')

    // A transfer mined between two pages shows on a new first page, not on the next one.
    const late = await mined(2, wallet.sendTransaction({ to: receiver, value: 1n }))
    const second = await history(receiver, `?cursor=${encodeURIComponent(first.next!)}`)
    expect(second.data.map((tx) => tx.metadata.hash)).toEqual(newestFirst.slice(20))
    expect(second.next).toBeNull()
    expect((await history(receiver)).data[0]?.metadata.hash).toBe(late)

    const bad = await api(devnet, `/v1/account/${receiver}/history?cursor=not-a-cursor`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'invalid cursor' })
  })

  it('covers every configured chain unless chainId picks one', async () => {
    const receiver = freshAddress()
    const onL1 = await mined(
      0,
      clients(0).wallet.sendTransaction({ to: receiver, value: parseEther('1') }),
    )
    const onL2 = await mined(
      0,
      clients(0, 31338).wallet.sendTransaction({ to: receiver, value: parseEther('2') }),
      31338,
    )
    // Not served: the unlisted chain is not one the API supports.
    await mined(
      0,
      clients(0, 31339).wallet.sendTransaction({ to: receiver, value: parseEther('3') }),
      31339,
    )

    const all = await history(receiver)
    expect(all.data.map((tx) => tx.metadata.hash).sort()).toEqual([onL1, onL2].sort())
    const l2 = await history(receiver, '?chainId=eip155:31338')
    expect(l2.data.map(summary)).toEqual([
      {
        op: 'receive',
        status: 'confirmed',
        chain: 'eip155:31338',
        transfers: [['in', 'ETH', '2']],
      },
    ])
    for (const chainId of ['eip155:31339', 'eip155:1', 'nonsense']) {
      const response = await api(devnet, `/v1/account/${receiver}/history?chainId=${chainId}`)
      expect(response.status, chainId).toBe(400)
    }
  })

  it('shows a planted spam NFT as an NFT transfer flagged as spam', async () => {
    const receiver = freshAddress()
    const response = await fetch(
      `${devnet.apiUrl}/__devnet/spam-nft`,
      postJson({ to: receiver }, CONTROL_HEADERS),
    )
    expect(response.status).toBe(200)
    const planted = await response.json()
    expect(planted).toMatchObject({
      chainId: 31337,
      contract: devnet.tokens[31337]?.spamNft,
      to: receiver,
      tokenId: expect.stringMatching(/^\d+$/),
    })
    const onL2 = await devnet.plantSpamNft(receiver, 31338)
    expect(onL2.chainId).toBe(31338)

    const { data } = await history(receiver, '?chainId=eip155:31337')
    expect(data).toHaveLength(1)
    const [item] = data
    expect(item?.metadata).toMatchObject({
      operationType: 'mint',
      hash: planted.hash,
      status: 'confirmed',
      sentTo: devnet.tokens[31337]?.spamNft,
    })
    expect(item?.transfers).toEqual([
      {
        nft_info: {
          name: `Free Airdrop NFT #${planted.tokenId}`,
          content: { preview: { url: expect.stringContaining('/public/getAssetImage/SPAM?') } },
          flags: { is_spam: true },
        },
        direction: 'in',
        quantity: { numeric: '1' },
        value: 0,
        price: 0,
      },
    ])
    expect((await history(receiver)).data).toHaveLength(2)

    const refused = await fetch(
      `${devnet.apiUrl}/__devnet/spam-nft`,
      postJson({ to: 'bob' }, CONTROL_HEADERS),
    )
    expect(refused.status).toBe(400)
    const noChain = await fetch(
      `${devnet.apiUrl}/__devnet/spam-nft`,
      postJson({ to: receiver, chainId: 1 }, CONTROL_HEADERS),
    )
    expect(noChain.status).toBe(400)
  })

  it('marks a reverted transfer as failed, in the sender’s history only', async () => {
    const { wallet, client } = clients(3)
    const receiver = freshAddress()
    const hash = await wallet.writeContract({
      address: devnet.tokens[31337]!.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseUnits('1000000', 6)],
      gas: 100_000n,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('reverted')

    const [latest] = (await history(wallet.account.address)).data
    expect(latest?.metadata.hash).toBe(hash)
    expect(summary(latest!)).toEqual({
      op: 'send',
      status: 'failed',
      chain: 'eip155:31337',
      transfers: [['out', 'USDC', '1000000']],
    })
    expect((await history(receiver)).data).toEqual([])
  })

  it('groups a swap’s two legs, ETH moved by the pool included, and shows approvals', async () => {
    const { wallet, client } = clients(0)
    const { usdc } = devnet.tokens[31337]!
    const { router, weth } = devnet.swap[31337]!
    const me = wallet.account.address
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)

    const buy = await mined(
      0,
      wallet.writeContract({
        address: router,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [weth, usdc], me, deadline],
        gas: ONE_HOP_SWAP_GAS,
        value: parseEther('0.1'),
      }),
    )
    const sellAmount = parseUnits('300', 6)
    const approve = await mined(
      0,
      wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, sellAmount],
      }),
    )
    const [, ethOut] = await client.readContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [sellAmount, [usdc, weth]],
    })
    const sell = await mined(
      0,
      wallet.writeContract({
        address: router,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactTokensForETH',
        args: [sellAmount, 0n, [usdc, weth], me, deadline],
        gas: ONE_HOP_SWAP_GAS,
      }),
    )

    const { data } = await history(me, '?chainId=eip155:31337')
    expect(data.slice(0, 3).map((tx) => tx.metadata.hash)).toEqual([sell, approve, buy])
    const [sold, approved, bought] = data
    expect(sold?.metadata.operationType).toBe('execute')
    expect(sold?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'USDC'],
      ['in', 'ETH'],
    ])
    expect(sold?.transfers[1]?.quantity.numeric).toBe(formatUnits(ethOut!, 18))
    expect(approved).toMatchObject({ metadata: { operationType: 'approve' }, transfers: [] })
    expect(bought?.metadata.operationType).toBe('execute')
    expect(bought?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'USDC'],
    ])
  })

  it('answers no on-ramp purchases for an account that made none, and refuses bad requests', async () => {
    const account = devnet.accounts[1]!.address
    expect(await history(account, '?onramp=coinbase')).toEqual({ data: [], next: null })
    expect((await api(devnet, '/v1/account/0x1234/history')).status).toBe(400)
    const bare = await fetch(`${devnet.apiUrl}/v1/account/${account}/history`)
    expect(bare.status).toBe(400)
    expect(await bare.json()).toEqual({ error: 'missing projectId' })
  })

  it('forgets transactions of blocks the chain went back on (evm_revert)', async () => {
    const { wallet, test } = clients(1, 31338)
    const receiver = freshAddress()
    const snapshot = await test.snapshot()
    await mined(1, wallet.sendTransaction({ to: receiver, value: 1n }), 31338)
    await mined(1, wallet.sendTransaction({ to: receiver, value: 2n }), 31338)
    expect((await history(receiver)).data).toHaveLength(2)

    await test.revert({ id: snapshot })
    expect((await history(receiver)).data).toEqual([])
    const again = await mined(1, wallet.sendTransaction({ to: receiver, value: 3n }), 31338)
    expect((await history(receiver)).data.map((tx) => tx.metadata.hash)).toEqual([again])
  })
})
