import { describe, expect, it } from 'vitest'
import type { PorticoNetwork } from '../options/index.js'
import { pairingNamespaces } from './pairingNamespaces.js'

const network = (id: PorticoNetwork['id'], http: string[]): PorticoNetwork => ({
  id,
  name: id,
  nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 18 },
  rpcUrls: { http },
})

const MAINNET = network('eip155:1', ['https://rpc.one.example', 'https://rpc.backup.example'])
const BASE = network('eip155:8453', ['https://rpc.base.example'])
const SOLANA = network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['https://rpc.solana.example'])
const SOLANA_DEVNET = network('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', [])

// The spec's list of what a session may carry for EVM chains: nothing more, nothing less.
const EVM_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'personal_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getPermissions',
  'wallet_requestPermissions',
  'wallet_registerOnboarding',
  'wallet_watchAsset',
  'wallet_scanQRCode',
  'wallet_getCallsStatus',
  'wallet_sendCalls',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
]
const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

describe('what a pairing asks the wallet for', () => {
  it("an EVM app: its chains, the permitted methods and events, each chain's own RPC URL", () => {
    expect(pairingNamespaces([MAINNET, BASE])).toEqual({
      eip155: {
        chains: ['eip155:1', 'eip155:8453'],
        methods: EVM_METHODS,
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { '1': 'https://rpc.one.example', '8453': 'https://rpc.base.example' },
      },
    })
  })

  it('a Solana app asks for Solana only, with the sign methods and no events', () => {
    expect(pairingNamespaces([SOLANA])).toEqual({
      solana: {
        chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        methods: SOLANA_METHODS,
        events: [],
        rpcMap: { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://rpc.solana.example' },
      },
    })
  })

  it('an app with both asks for both in the one session; a chain without an RPC URL is left out of the map', () => {
    const namespaces = pairingNamespaces([SOLANA, MAINNET, SOLANA_DEVNET])
    expect(namespaces.eip155).toMatchObject({
      chains: ['eip155:1'],
      rpcMap: { '1': 'https://rpc.one.example' },
    })
    expect(namespaces.solana).toMatchObject({
      chains: [
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      ],
      rpcMap: { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://rpc.solana.example' },
    })
  })

  it('each pairing gets lists of its own: changing one does not change the next', () => {
    const first = pairingNamespaces([MAINNET, SOLANA])
    first.eip155?.methods.push('eth_sendUserOperation')
    first.eip155?.events.push('message')
    first.solana?.methods.pop()
    const second = pairingNamespaces([MAINNET, SOLANA])
    expect(second.eip155?.methods).toEqual(EVM_METHODS)
    expect(second.eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(second.solana?.methods).toEqual(SOLANA_METHODS)
  })
})
