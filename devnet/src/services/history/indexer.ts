import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  type PublicClient,
  zeroAddress,
} from 'viem'
import type { DevnetChain } from '../../chains/evm/types.js'
import {
  approversIn,
  movedBy,
  type RpcBlock,
  type RpcLog,
  type RpcReceipt,
  type RpcTrace,
  type RpcTransaction,
  transferIn,
} from './decode.js'
import type { IndexedTransaction, IndexedTransfer, TokenInfo } from './types.js'

/** Blocks fetched at once while catching up (each costs two or three RPC calls). */
const FETCH_WINDOW = 8
/** Rewinds (anvil's evm_revert, a reset) handled in one sync before giving up. */
const MAX_REWINDS = 3

export type ChainIndexer = {
  chain: DevnetChain
  /**
   * Indexes every block mined since the last call, up to the chain's latest block when the call
   * started. Calls queue: each one sees the blocks mined before it began.
   */
  sync(): Promise<void>
  /** The account's transactions on this chain, oldest first. */
  transactionsOf(address: Address): readonly IndexedTransaction[]
  /** Metadata of a token seen in a `Transfer` log (read once from the chain). */
  token(address: Address): TokenInfo | undefined
  /** The last block indexed, -1 before the first sync. */
  indexedBlock(): number
}

export type ChainIndexerOptions = {
  chain: DevnetChain
  client: PublicClient
  /** Tokens known without reading the chain (the devnet's own). */
  knownTokens?: ReadonlyMap<Address, TokenInfo>
}

type FetchedBlock = { block: RpcBlock; receipts: RpcReceipt[]; traces: RpcTrace[] }

/**
 * Indexes one chain's mined blocks into per-account transaction lists, on demand: `sync()` reads
 * the blocks mined since the previous sync (the block with its transactions, every receipt in one
 * `eth_getBlockReceipts`, and, when the block calls contracts, `trace_block` for ETH moved by
 * internal calls). A chain that went back (anvil's `evm_revert`) is noticed by block hashes and
 * the index rewound to the common block.
 */
export function createChainIndexer(options: ChainIndexerOptions): ChainIndexer {
  const { chain, client } = options
  const request = client.request as unknown as (args: {
    method: string
    params: unknown[]
  }) => Promise<unknown>
  const tokens = new Map<Address, TokenInfo>(options.knownTokens)
  const hashes: Hex[] = []
  const byAccount = new Map<Address, IndexedTransaction[]>()
  let indexed = -1
  let queue: Promise<void> = Promise.resolve()

  function sync(): Promise<void> {
    const run = queue.then(catchUp)
    queue = run.catch(() => {})
    return run
  }

  async function catchUp() {
    for (let rewinds = 0; rewinds <= MAX_REWINDS; rewinds++) {
      const head = await rpcBlock('latest', false)
      const headNumber = hexToNumber(head.number)
      // Fewer blocks than indexed, or another block at the same height: the chain went back.
      if (headNumber < indexed || (headNumber === indexed && hashes[headNumber] !== head.hash)) {
        rewind(await commonBlock(headNumber))
        continue
      }
      if (headNumber === indexed) return
      if (await indexRange(indexed + 1, headNumber)) return
    }
    throw new Error(`chain ${chain.chainId} keeps changing under the indexer`)
  }

  /** Indexes blocks `from..to`; false when a block does not follow the indexed one (a rewind). */
  async function indexRange(from: number, to: number): Promise<boolean> {
    for (let start = from; start <= to; start += FETCH_WINDOW) {
      const numbers: number[] = []
      for (let n = start; n <= Math.min(to, start + FETCH_WINDOW - 1); n++) numbers.push(n)
      const fetched = await Promise.all(numbers.map(fetchBlock))
      for (const block of fetched) {
        const number = hexToNumber(block.block.number)
        if (number > 0 && hashes[number - 1] !== block.block.parentHash) {
          rewind(await commonBlock(number - 1))
          return false
        }
        await indexBlock(block)
      }
    }
    return true
  }

  async function fetchBlock(number: number): Promise<FetchedBlock> {
    const tag = `0x${number.toString(16)}`
    const [block, receipts] = await Promise.all([
      rpcBlock(tag, true),
      request({ method: 'eth_getBlockReceipts', params: [tag] }) as Promise<RpcReceipt[]>,
    ])
    // Internal calls can only move ETH in a successful transaction that runs code.
    const runsCode = block.transactions.some((tx, i) => {
      return tx.input !== '0x' && receipts[i]?.status === '0x1'
    })
    const traces = runsCode
      ? ((await request({ method: 'trace_block', params: [tag] })) as RpcTrace[])
      : []
    return { block, receipts, traces }
  }

  async function indexBlock({ block, receipts, traces }: FetchedBlock) {
    const number = hexToNumber(block.number)
    const timestamp = hexToNumber(block.timestamp)
    const receiptOf = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]))
    await learnTokens(receipts.flatMap((receipt) => receipt.logs))

    for (const tx of block.transactions) {
      const receipt = receiptOf.get(tx.hash)
      if (!receipt) throw new Error(`no receipt for ${tx.hash} on chain ${chain.chainId}`)
      const confirmed = receipt.status === '0x1'
      const from = getAddress(tx.from)
      const to = getAddress(tx.to ?? receipt.contractAddress ?? zeroAddress)
      const indexedTx: IndexedTransaction = {
        chainId: chain.chainId,
        hash: tx.hash,
        blockNumber: number,
        index: hexToNumber(tx.transactionIndex),
        timestamp,
        from,
        to,
        nonce: hexToNumber(tx.nonce),
        status: confirmed ? 'confirmed' : 'failed',
        transfers: confirmed ? movedBy(tx, from, to, receipt, traces) : intendedBy(tx, from, to),
        approvers: confirmed ? approversIn(receipt.logs) : [],
      }
      // A failed transaction belongs to its sender only: nothing reached anyone else.
      const accounts = new Set<Address>([from])
      if (confirmed) {
        for (const transfer of indexedTx.transfers) accounts.add(transfer.from).add(transfer.to)
      }
      accounts.delete(zeroAddress)
      for (const account of accounts) {
        const list = byAccount.get(account)
        if (list) list.push(indexedTx)
        else byAccount.set(account, [indexedTx])
      }
    }
    hashes[number] = block.hash
    indexed = number
  }

  /** What a reverted transaction tried to move: its value, or an ERC-20 `transfer`'s arguments. */
  function intendedBy(tx: RpcTransaction, from: Address, to: Address): IndexedTransfer[] {
    const value = hexToBigInt(tx.value)
    if (value > 0n) return [{ kind: 'native', from, to, amount: value }]
    if (tokens.get(to)?.kind !== 'erc20' || tx.input.length < 10) return []
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.input })
      if (call.functionName !== 'transfer') return []
      const [recipient, amount] = call.args
      return [{ kind: 'erc20', contract: to, from, to: getAddress(recipient), amount }]
    } catch {
      return []
    }
  }

  /** Reads name, symbol (and decimals for ERC-20s) of tokens seen for the first time. */
  async function learnTokens(logs: RpcLog[]) {
    const unknown = new Map<Address, 'erc20' | 'erc721'>()
    for (const log of logs) {
      const transfer = transferIn(log)
      if (transfer && transfer.kind !== 'native' && !tokens.has(transfer.contract)) {
        unknown.set(transfer.contract, transfer.kind)
      }
    }
    if (unknown.size === 0) return
    const entries = [...unknown]
    const results = await client.multicall({
      allowFailure: true,
      // ERC-721s have no decimals: that read fails and is not used.
      contracts: entries.flatMap(([address]) => [
        { address, abi: erc20Abi, functionName: 'name' } as const,
        { address, abi: erc20Abi, functionName: 'symbol' } as const,
        { address, abi: erc20Abi, functionName: 'decimals' } as const,
      ]),
    })
    entries.forEach(([address, kind], i) => {
      const [name, symbol, decimals] = results.slice(i * 3, i * 3 + 3)
      const text = (result: typeof name, fallback: string) =>
        result?.status === 'success' && typeof result.result === 'string' ? result.result : fallback
      const info = { name: text(name, 'Unknown token'), symbol: text(symbol, 'UNKNOWN') }
      tokens.set(
        address,
        kind === 'erc721'
          ? { kind, ...info }
          : {
              kind,
              ...info,
              decimals: decimals?.status === 'success' ? Number(decimals.result) : 0,
            },
      )
    })
  }

  /** The highest block at or below `from` whose hash the index agrees with (-1 if none). */
  async function commonBlock(from: number): Promise<number> {
    for (let n = Math.min(from, indexed); n >= 0; n--) {
      const block = await rpcBlock(`0x${n.toString(16)}`, false)
      if (block.hash === hashes[n]) return n
    }
    return -1
  }

  function rewind(to: number) {
    for (const [account, list] of byAccount) {
      const kept = list.filter((tx) => tx.blockNumber <= to)
      if (kept.length > 0) byAccount.set(account, kept)
      else byAccount.delete(account)
    }
    hashes.length = to + 1
    indexed = to
  }

  function rpcBlock(tag: string, full: boolean): Promise<RpcBlock> {
    return request({ method: 'eth_getBlockByNumber', params: [tag, full] }) as Promise<RpcBlock>
  }

  return {
    chain,
    sync,
    transactionsOf: (address) => byAccount.get(getAddress(address)) ?? [],
    token: (address) => tokens.get(getAddress(address)),
    indexedBlock: () => indexed,
  }
}
