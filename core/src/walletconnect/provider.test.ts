import { describe, expect, it } from 'vitest'
import { createFakeUniversalProvider } from '../test-utils/fakeUniversalProvider.js'
import { createWalletConnectProvider } from './createWalletConnectProvider.js'

describe('the WalletConnect EIP-1193 provider', () => {
  it('refuses a wallet request before any session with EIP-1193 code 4100 (unauthorized)', async () => {
    const fake = createFakeUniversalProvider({ now: () => Date.now() })
    const provider = createWalletConnectProvider({
      load: async () => fake.up,
      namespaces: () => ({}),
      onUri: () => undefined,
      onPairingError: () => undefined,
    })
    for (const method of ['personal_sign', 'eth_sendTransaction', 'eth_chainId']) {
      await expect(provider.request({ method, params: [] })).rejects.toEqual({
        code: 4100,
        message: 'No WalletConnect session: connect first',
      })
    }
    // Asking for the accounts without a session is not an error: there are none.
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })
})
