import { type Devnet, DevnetGuestbook, startDevnet } from '@portico/devnet'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseEventLogs,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// An app's own contract on the devnet (issue 29): `DevnetGuestbook`, deployed at start on every
// EVM chain, written and read through viem with a devnet account, the way an app does its own
// work through the connected wallet.
let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

const chainId = 31337
const rpcUrl = () => devnet.chains[0]!.rpcUrl
const reader = () => createPublicClient({ transport: http(rpcUrl()) })
const writer = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount(devnet.accounts[index]!.privateKey),
    transport: http(rpcUrl()),
  })
const guestbook = () => devnet.guestbook[chainId] as Address

/** The custom error a simulation of `sign` reverts with: its name and arguments. */
async function revertOf(message: string) {
  try {
    await reader().simulateContract({
      account: devnet.accounts[1]!.address,
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'sign',
      args: [message],
    })
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((cause) => cause instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) {
      return { name: reverted.data?.errorName, args: reverted.data?.args }
    }
    throw error
  }
  throw new Error(`sign(${JSON.stringify(message)}) did not revert`)
}

describe("an app's own contract on the devnet", () => {
  it('is deployed at the same address on every chain, and in the info pages get', async () => {
    expect(guestbook()).toBe('0x12975173B87F7595EE45dFFb2Ab812ECE596Bf84')
    expect(devnet.guestbook).toEqual({
      31337: guestbook(),
      31338: guestbook(),
      31339: guestbook(),
    })
    expect(devnet.info().guestbook).toEqual(devnet.guestbook)
    for (const chain of [...devnet.chains, devnet.unlistedChain]) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const code = await client.getCode({ address: guestbook() })
      expect(code, `chain ${chain.chainId}`).toBe(DevnetGuestbook.deployedBytecode)
    }
  })

  it('takes a signature through a wallet, reads it back and emits Signed', async () => {
    const wallet = writer(0)
    const author = wallet.account.address
    const before = await reader().readContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'count',
    })
    const { request, result } = await reader().simulateContract({
      account: wallet.account,
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'sign',
      args: ['gm from the devnet'],
    })
    expect(result).toBe(before)
    const hash = await wallet.writeContract({ ...request, chain: null })
    const receipt = await reader().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    const [signed, ...others] = parseEventLogs({
      abi: DevnetGuestbook.abi,
      eventName: 'Signed',
      logs: receipt.logs,
    })
    expect(others).toEqual([])
    expect(signed?.address.toLowerCase()).toBe(guestbook().toLowerCase())
    expect(signed?.args).toEqual({ author, index: before, message: 'gm from the devnet' })

    const count = await reader().readContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'count',
    })
    expect(count).toBe(before + 1n)
    const [entryAuthor, message, timestamp] = await reader().readContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'entry',
      args: [before],
    })
    const block = await reader().getBlock({ blockNumber: receipt.blockNumber })
    expect({ entryAuthor, message, timestamp }).toEqual({
      entryAuthor: author,
      message: 'gm from the devnet',
      timestamp: block.timestamp,
    })
  })

  it("forwards a tip to the entry's author", async () => {
    const author = devnet.accounts[2]!.address
    const signHash = await writer(2).writeContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'sign',
      args: ['tip me'],
      chain: null,
    })
    const signReceipt = await reader().waitForTransactionReceipt({ hash: signHash })
    const [signed] = parseEventLogs({
      abi: DevnetGuestbook.abi,
      eventName: 'Signed',
      logs: signReceipt.logs,
    })
    const index = signed!.args.index

    const authorBefore = await reader().getBalance({ address: author })
    const tipHash = await writer(3).writeContract({
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'tip',
      args: [index],
      value: parseEther('0.25'),
      chain: null,
    })
    const tipReceipt = await reader().waitForTransactionReceipt({ hash: tipHash })
    expect(tipReceipt.status).toBe('success')
    // The author paid nothing here: the whole tip is on their balance, nothing stays in the book.
    expect(await reader().getBalance({ address: author })).toBe(authorBefore + parseEther('0.25'))
    expect(await reader().getBalance({ address: guestbook() })).toBe(0n)
    const [tipped] = parseEventLogs({
      abi: DevnetGuestbook.abi,
      eventName: 'Tipped',
      logs: tipReceipt.logs,
    })
    expect(tipped?.args).toEqual({
      from: devnet.accounts[3]!.address,
      index,
      author,
      amount: parseEther('0.25'),
    })
  })

  it('refuses an empty message and one over 280 bytes, with the errors named', async () => {
    expect(await revertOf('')).toEqual({ name: 'MessageEmpty', args: undefined })
    expect(await revertOf('x'.repeat(281))).toEqual({ name: 'MessageTooLong', args: [281n] })
    // 280 bytes is the limit, in bytes, not characters: 94 three-byte characters are 282.
    expect(await revertOf('€'.repeat(94))).toEqual({ name: 'MessageTooLong', args: [282n] })
    const { result } = await reader().simulateContract({
      account: devnet.accounts[1]!.address,
      address: guestbook(),
      abi: DevnetGuestbook.abi,
      functionName: 'sign',
      args: ['x'.repeat(280)],
    })
    expect(typeof result).toBe('bigint')
  })
})
