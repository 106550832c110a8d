import { type Chain, erc20Abi, formatUnits, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import {
  type Devnet,
  DevnetMulticall3,
  DevnetTetherToken,
  MULTICALL3_ADDRESS,
  startDevnet,
  type TokenBalance,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
} from '../src/index.js'
import { apiJson, FREE_PORTS, ONE_HOP_SWAP_GAS, viemClients } from './helpers.js'

let devnet: Devnet
let chain: Chain

beforeAll(async () => {
  devnet = await startDevnet({ ports: FREE_PORTS })
  chain = toViemChain(devnet.chains[0] as Devnet['chains'][number])
})

afterAll(async () => {
  await devnet?.stop()
})

const clients = (index: number) => viemClients(devnet, index, chain.id)

async function balances(address: string, chainId = 'eip155:31337') {
  const { balances } = await apiJson<{ balances: TokenBalance[] }>(
    devnet,
    `/v1/account/${address}/balance?currency=usd&chainId=${chainId}&forceUpdate=true`,
  )
  return Object.fromEntries(balances.map((b) => [b.symbol, b.quantity.numeric]))
}

describe('chains and contracts', () => {
  it('deploys the same contract addresses on every chain', () => {
    const [first, ...rest] = [31337, 31338, 31339].map((id) => devnet.tokens[id])
    expect(first).toBeDefined()
    for (const other of rest) expect(other).toEqual(first)
  })

  it('shows a USDC transfer made with viem in the next balance call', async () => {
    const { wallet, client } = clients(1)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    expect(await balances(recipient)).toEqual({})

    const hash = await wallet.writeContract({
      address: devnet.tokens[31337]?.usdc ?? '0x',
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('12.5', 6)],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    // Zero holdings (ETH included) are left out.
    expect(await balances(recipient)).toEqual({ USDC: '12.5' })
    expect((await balances(devnet.accounts[1]?.address ?? '')).USDC).toBe('9987.5')
  })

  it('moves USDT, whose transfer returns nothing, with its own ABI', async () => {
    const { wallet, client } = clients(2)
    const usdt = devnet.tokens[31337]?.usdt ?? '0x'
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    // The standard ABI expects a bool back: simulating with it fails to decode.
    await expect(
      client.simulateContract({
        account: wallet.account,
        address: usdt,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, 1n],
      }),
    ).rejects.toThrow()

    const hash = await wallet.writeContract({
      address: usdt,
      abi: DevnetTetherToken.abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('7', 6)],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balances(recipient)).toEqual({ USDT: '7' })
  })

  it('keeps the chains apart: a transfer on one leaves the other as it was', async () => {
    const address = devnet.accounts[3]?.address ?? ''
    const { wallet, client } = clients(3)
    const hash = await wallet.sendTransaction({
      to: devnet.accounts[0]?.address,
      value: parseEther('1'),
    })
    await client.waitForTransactionReceipt({ hash })
    expect(Number((await balances(address)).ETH)).toBeLessThan(9999)
    expect((await balances(address, 'eip155:31338')).ETH).toBe('10000')
  })

  it('serves Multicall3 at its canonical address', async () => {
    const { client } = clients(0)
    // viem's own multicall (aggregate3) goes through it…
    const [symbol, decimals] = await client.multicall({
      allowFailure: false,
      contracts: [
        { address: devnet.tokens[31337]?.usdc ?? '0x', abi: erc20Abi, functionName: 'symbol' },
        { address: devnet.tokens[31337]?.junk ?? '0x', abi: erc20Abi, functionName: 'decimals' },
      ],
    })
    expect([symbol, decimals]).toEqual(['USDC', 0])
    expect(await client.getCode({ address: MULTICALL3_ADDRESS })).toBe(
      DevnetMulticall3.deployedBytecode,
    )

    // …and the helpers Multicall3 has beside aggregate3 answer too.
    const read = <F extends 'getBlockNumber' | 'getCurrentBlockTimestamp'>(functionName: F) =>
      client.readContract({ address: MULTICALL3_ADDRESS, abi: DevnetMulticall3.abi, functionName })
    expect(await read('getBlockNumber')).toBe(await client.getBlockNumber())
    expect(await read('getCurrentBlockTimestamp')).toBeGreaterThan(0n)
    const account = devnet.accounts[2]?.address ?? '0x'
    expect(
      await client.readContract({
        address: MULTICALL3_ADDRESS,
        abi: DevnetMulticall3.abi,
        functionName: 'getEthBalance',
        args: [account],
      }),
    ).toBe(await client.getBalance({ address: account }))

    // aggregate: getBlockNumber() through it returns the block it ran in.
    const { result } = await client.simulateContract({
      address: MULTICALL3_ADDRESS,
      abi: DevnetMulticall3.abi,
      functionName: 'aggregate',
      args: [[{ target: MULTICALL3_ADDRESS, callData: '0x42cbb15c' }]],
    })
    const [blockNumber, returnData] = result
    expect(returnData).toEqual([`0x${blockNumber.toString(16).padStart(64, '0')}`])
  })

  it('swaps ETH for USDC and back through Uniswap V2 at the constant-product price', async () => {
    const { wallet, client } = clients(0)
    const { usdc } = devnet.tokens[31337]!
    const { router, weth, pairs } = devnet.swap[31337]!
    const me = wallet.account.address
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const reserves = async () => {
      const [reserve0, reserve1] = await client.readContract({
        address: pairs.ethUsdc,
        abi: uniswapV2PairAbi,
        functionName: 'getReserves',
      })
      // The pair orders its tokens by address.
      return weth.toLowerCase() < usdc.toLowerCase()
        ? { eth: reserve0, usdc: reserve1 }
        : { eth: reserve1, usdc: reserve0 }
    }

    const seeded = await reserves()
    expect([formatUnits(seeded.eth, 18), formatUnits(seeded.usdc, 6)]).toEqual(['100', '300000'])

    const ethIn = parseEther('1')
    const [, quoted] = await client.readContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [ethIn, [weth, usdc]],
    })
    // x*y=k with the 0.3% fee: 1 ETH into 100 ETH / 300k USDC buys a little under 2970 USDC.
    expect(quoted).toBe((ethIn * 997n * seeded.usdc) / (seeded.eth * 1000n + ethIn * 997n))

    const before = await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [me],
    })
    const buy = await wallet.writeContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [quoted!, [weth, usdc], me, deadline],
      gas: ONE_HOP_SWAP_GAS,
      value: ethIn,
    })
    expect((await client.waitForTransactionReceipt({ hash: buy })).status).toBe('success')
    const after = await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [me],
    })
    expect(after - before).toBe(quoted)

    const sellAmount = parseUnits('1000', 6)
    const approve = await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, sellAmount],
    })
    await client.waitForTransactionReceipt({ hash: approve })
    const [, ethOut] = await client.readContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [sellAmount, [usdc, weth]],
    })
    const sell = await wallet.writeContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [sellAmount, ethOut!, [usdc, weth], me, deadline],
      gas: ONE_HOP_SWAP_GAS,
    })
    expect((await client.waitForTransactionReceipt({ hash: sell })).status).toBe('success')
    expect((await reserves()).usdc).toBe(seeded.usdc - quoted! + sellAmount)

    // Asking for more than the pool gives reverts.
    await expect(
      wallet.writeContract({
        address: router,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [parseUnits('1000000', 6), [weth, usdc], me, deadline],
        value: ethIn,
      }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
  })
})
