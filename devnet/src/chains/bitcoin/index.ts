import { type BitcoinChain, createBitcoinChain } from './chain.js'
import type { BitcoinAccount } from './keys.js'
import type { BlockRecord, Ledger } from './ledger.js'
import { bitcoinInfo, type DevnetBitcoinInfo } from './network.js'
import { parseAddress } from './parse.js'
import { type BitcoinServer, startBitcoinServer } from './server.js'

export { BITCOIN_FUNDING } from './chain.js'
export type { AddressPurpose, BitcoinAccount, BitcoinKey } from './keys.js'
export { FAUCET_PATH, ordinalsPath, paymentPath } from './keys.js'
export * from './network.js'
export { BitcoinRejection } from './parse.js'

/** The running Bitcoin chain as `devnet.bitcoin` exposes it. */
export type DevnetBitcoin = DevnetBitcoinInfo & {
  /** Accounts 0…3: payment (P2WPKH) and ordinals (P2TR) keys, funded at start. */
  accounts: BitcoinAccount[]
  ledger: Ledger
  /** Mines blocks (to the faucet unless an address is given); resolves with them. */
  mine(blocks?: number, address?: string): BlockRecord[]
  /** Pays `sats` from the faucet to `address` and mines the block; answers the txid. */
  fund(address: string, sats: bigint): { txid: string; height: number }
  /** The sum of the address's unspent outputs, mempool included, in satoshis. */
  balance(address: string): bigint
  /** Broadcasts raw hex as `POST /tx` does; throws a BitcoinRejection with the reason. */
  broadcast(rawHex: string): string
}

export type RunningBitcoin = { bitcoin: DevnetBitcoin; chain: BitcoinChain; server: BitcoinServer }

export async function startBitcoin(options: {
  host: string
  port: number
  mnemonic: string
  accountCount: number
  log?: (line: string) => void
}): Promise<RunningBitcoin> {
  const chain = await createBitcoinChain(options)
  const server = await startBitcoinServer({
    host: options.host,
    port: options.port,
    chain,
    ...(options.log ? { log: options.log } : {}),
  })
  const { ledger } = chain
  const bitcoin: DevnetBitcoin = {
    ...bitcoinInfo(server.url),
    accounts: chain.accounts,
    ledger,
    mine: (blocks = 1, address) =>
      chain.mine(blocks, address === undefined ? undefined : parseAddress(address)),
    fund(address, sats) {
      const { txid, block } = chain.fund(parseAddress(address), sats)
      return { txid, height: block.height }
    },
    balance: (address) =>
      ledger.utxos(parseAddress(address).script).reduce((sum, utxo) => sum + utxo.value, 0n),
    broadcast: (rawHex) => ledger.submit(rawHex),
  }
  return { bitcoin, chain, server }
}
