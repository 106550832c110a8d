// Identity of the devnet's Bitcoin chain. No Node imports: the browser wallet uses it too.

/** Address and key prefixes of Bitcoin regtest (`bcrt1…` for segwit, the testnet base58 ones). */
export const REGTEST = Object.freeze({
  bech32: 'bcrt',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
})

/**
 * The devnet chain starts from Bitcoin regtest's own genesis block (the block every
 * `bitcoind -regtest` starts from), so its CAIP-2 id is the regtest one: the namespace `bip122`
 * and the first 32 hex characters of the genesis block hash.
 */
export const REGTEST_GENESIS_HASH =
  '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
export const BITCOIN_DEVNET_CAIP_NETWORK_ID = `bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}` as const
/** The networks the SDK lists, for comparison: an app on the devnet configures the one above. */
export const BITCOIN_MAINNET_CAIP_NETWORK_ID = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET_CAIP_NETWORK_ID = 'bip122:000000000933ea01ad0ee984209779ba'
/** The Wallet Standard's name for the same chain (Exodus' bitcoin-wallet-standard chains). */
export const BITCOIN_REGTEST_CHAIN = 'bitcoin:regtest'

export const BITCOIN_NETWORK_NAME = 'Devnet Bitcoin'
export const BITCOIN_NATIVE_CURRENCY = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const
export const DEFAULT_BITCOIN_PORT = 8790

/** Satoshis in one bitcoin. */
export const COIN = 100_000_000n

/** What `devnet.info().bitcoin` holds: everything an app or a wallet needs to reach the chain. */
export type DevnetBitcoinInfo = {
  /** The CAIP-2 id, `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
  caipNetworkId: typeof BITCOIN_DEVNET_CAIP_NETWORK_ID
  /** The Esplora-style REST API (`GET {esploraUrl}/address/{address}/utxo`, …). */
  esploraUrl: string
  /** The chain in the SDK's network shape (PorticoNetwork). */
  network: BitcoinPorticoNetwork
}

/** PorticoNetwork's shape, written out so the browser wallet needs no import from core. */
type BitcoinPorticoNetwork = {
  id: typeof BITCOIN_DEVNET_CAIP_NETWORK_ID
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { http: string[] }
  testnet: true
}

export function bitcoinNetwork(esploraUrl: string): BitcoinPorticoNetwork {
  return {
    id: BITCOIN_DEVNET_CAIP_NETWORK_ID,
    name: BITCOIN_NETWORK_NAME,
    nativeCurrency: { ...BITCOIN_NATIVE_CURRENCY },
    rpcUrls: { http: [esploraUrl] },
    testnet: true,
  }
}

export function bitcoinInfo(esploraUrl: string): DevnetBitcoinInfo {
  return {
    caipNetworkId: BITCOIN_DEVNET_CAIP_NETWORK_ID,
    esploraUrl,
    network: bitcoinNetwork(esploraUrl),
  }
}
