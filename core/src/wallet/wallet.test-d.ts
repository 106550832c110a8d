import type { Address, Hash, Hex, PublicClient, TransactionReceipt } from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import { createPortico } from '../client/index.js'
import type { PorticoProvider, PorticoWalletClient } from './types.js'

const client = createPortico({
  projectId: 'p',
  networks: [
    {
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.example.org'] } },
    },
  ],
})
const abi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const
const owner = '0x0000000000000000000000000000000000000001' as Address

describe('client.wallet', () => {
  it('gives the provider, viem clients and typed results', () => {
    expectTypeOf(client.wallet.getProvider()).resolves.toEqualTypeOf<PorticoProvider>()
    expectTypeOf(client.wallet.getWalletClient()).resolves.toEqualTypeOf<PorticoWalletClient>()
    expectTypeOf(client.wallet.getPublicClient()).resolves.toEqualTypeOf<PublicClient>()
    expectTypeOf(client.wallet.signMessage({ message: 'hi' })).resolves.toEqualTypeOf<string>()
    expectTypeOf(client.wallet.sendTransaction({ to: owner, value: 1n })).resolves.toEqualTypeOf<{
      hash: Hash
      receipt: TransactionReceipt
    }>()
  })

  it('types a read from its ABI, and refuses a write function or wrong arguments', () => {
    expectTypeOf(
      client.wallet.readContract({ address: owner, abi, functionName: 'balanceOf', args: [owner] }),
    ).resolves.toEqualTypeOf<bigint>()
    const read = client.wallet.readContract
    // @ts-expect-error transfer is not a view function
    read({ address: owner, abi, functionName: 'transfer', args: [owner, 1n] })
    // @ts-expect-error balanceOf takes an address
    client.wallet.readContract({ address: owner, abi, functionName: 'balanceOf', args: [1n] })
  })

  it('types a write from its ABI', () => {
    client.wallet.writeContract({
      address: owner,
      abi,
      functionName: 'transfer',
      args: [owner, 1n],
      chainId: 1,
    })
    // @ts-expect-error balanceOf is not a write
    client.wallet.writeContract({ address: owner, abi, functionName: 'balanceOf', args: [owner] })
  })

  it('checks typed data against its types', () => {
    expectTypeOf(
      client.wallet.signTypedData({
        domain: { name: 'App', chainId: 1 },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType: 'Note',
        message: { text: 'gm' },
      }),
    ).resolves.toEqualTypeOf<Hex>()
    client.wallet.signTypedData({
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      // @ts-expect-error text is a string
      message: { text: 1n },
    })
  })
})
