import { NATIVE_DECIMALS } from '../../chains/constants.js'
import { PorticoError } from '../../errors/index.js'
import { nativeBalance } from '../nativeBalance.js'
import type { AdapterContext, ChainAdapter } from '../types.js'
import { isBitcoinAddress } from './address.js'
import { bitcoinConnection, bitcoinNetworks } from './connection.js'
import { fetchUtxos } from './esplora.js'
import { bitcoinSigning } from './signing.js'

export {
  fromSatsConnectAddresses,
  fromStandardAccounts,
  purposeOf,
  purposesFor,
} from './accounts.js'
export { SATS_CONNECT_ERRORS, satsConnectResult } from './satsConnect.js'

/**
 * The Bitcoin (bip122) adapter: Wallet Standard and sats-connect wallets. Loaded on demand. Its
 * parts: the kinds of address (`accounts.ts`), sats-connect's protocol (`satsConnect.ts`), the
 * connection (`connection.ts`), signing (`signing.ts`), and the balance from an Esplora API.
 */
export function createBitcoinAdapter({ fetch: fetchFn }: AdapterContext = {}): ChainAdapter {
  return {
    namespace: 'bip122',
    isAddress: isBitcoinAddress,
    connection: bitcoinConnection,
    networks: bitcoinNetworks,
    signing: bitcoinSigning,
    balances: {
      async getNativeBalance(address, network) {
        const url = network.rpcUrls.http[0]
        if (!url) throw new PorticoError('NETWORK_NOT_FOUND', { details: { id: network.id } })
        // The balance is the sum of the unspent outputs, those still in the mempool included.
        const utxos = await fetchUtxos(url, address, fetchFn)
        const value = utxos.reduce((sum, utxo) => sum + utxo.value, 0n)
        return nativeBalance(value, NATIVE_DECIMALS.bip122, network)
      },
    },
  }
}
