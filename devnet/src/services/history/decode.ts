import { type Address, getAddress, type Hex, hexToBigInt, toEventSelector } from 'viem'
import type { IndexedTransfer } from './types.js'

// What the indexer reads out of a mined transaction: its transfers (value, Transfer logs, ETH
// moved by internal calls) and the accounts that approved a spender.

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL_TOPIC = toEventSelector('Approval(address,address,uint256)')
const APPROVAL_FOR_ALL_TOPIC = toEventSelector('ApprovalForAll(address,address,bool)')

// The raw JSON-RPC shapes read here (quantities are hex strings).
export type RpcTransaction = {
  hash: Hex
  from: Hex
  to: Hex | null
  value: Hex
  nonce: Hex
  input: Hex
  transactionIndex: Hex
}
export type RpcBlock = {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: RpcTransaction[]
}
export type RpcLog = { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex }
export type RpcReceipt = {
  transactionHash: Hex
  status: Hex
  contractAddress: Hex | null
  logs: RpcLog[]
}
export type RpcTrace = {
  type: string
  action: { callType?: string; from?: Hex; to?: Hex; value?: Hex }
  result?: { address?: Hex } | null
  error?: string
  traceAddress: number[]
  transactionHash: Hex | null
}

/** What a successful transaction moved: its value, its Transfer logs, its internal ETH. */
export function movedBy(
  tx: RpcTransaction,
  from: Address,
  to: Address,
  receipt: RpcReceipt,
  traces: RpcTrace[],
): IndexedTransfer[] {
  const transfers: IndexedTransfer[] = []
  const value = hexToBigInt(tx.value)
  if (value > 0n) transfers.push({ kind: 'native', from, to, amount: value })
  for (const log of receipt.logs) {
    const transfer = transferIn(log)
    if (transfer) transfers.push(transfer)
  }
  transfers.push(...internalValue(traces.filter((t) => t.transactionHash === tx.hash)))
  return transfers
}

export function transferIn(log: RpcLog): IndexedTransfer | null {
  const [topic, fromTopic, toTopic, idTopic] = log.topics
  if (topic !== TRANSFER_TOPIC || !fromTopic || !toTopic) return null
  const contract = getAddress(log.address)
  const from = topicAddress(fromTopic)
  const to = topicAddress(toTopic)
  // ERC-20: value in the data. ERC-721: the token id is the third indexed argument.
  if (log.topics.length === 3 && log.data.length === 66) {
    return { kind: 'erc20', contract, from, to, amount: hexToBigInt(log.data) }
  }
  if (log.topics.length === 4 && idTopic && log.data === '0x') {
    return { kind: 'erc721', contract, from, to, tokenId: hexToBigInt(idTopic) }
  }
  return null
}

/** ETH moved by calls inside the transaction (the top-level value is the transaction's own). */
export function internalValue(traces: RpcTrace[]): IndexedTransfer[] {
  const reverted = traces.filter((t) => t.error).map((t) => t.traceAddress.join('.'))
  const underRevert = (t: RpcTrace) => {
    const path = t.traceAddress.join('.')
    return reverted.some((r) => r === '' || path === r || path.startsWith(`${r}.`))
  }
  const transfers: IndexedTransfer[] = []
  for (const trace of traces) {
    if (trace.traceAddress.length === 0 || underRevert(trace)) continue
    const amount = trace.action.value ? hexToBigInt(trace.action.value) : 0n
    if (amount === 0n || !trace.action.from) continue
    const target =
      trace.type === 'create'
        ? trace.result?.address
        : trace.type === 'call' && trace.action.callType === 'call'
          ? trace.action.to
          : undefined
    if (!target) continue
    transfers.push({
      kind: 'native',
      from: getAddress(trace.action.from),
      to: getAddress(target),
      amount,
    })
  }
  return transfers
}

export function approversIn(logs: RpcLog[]): Address[] {
  return logs
    .filter((log) => log.topics[0] === APPROVAL_TOPIC || log.topics[0] === APPROVAL_FOR_ALL_TOPIC)
    .flatMap((log) => (log.topics[1] ? [topicAddress(log.topics[1])] : []))
}

function topicAddress(topic: Hex): Address {
  return getAddress(`0x${topic.slice(-40)}`)
}
