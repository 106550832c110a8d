import { describe, expect, it } from 'vitest'
import type { MobileWalletConfig } from './config.js'
import { describeRequest } from './describe.js'
import { mobileWalletHtml } from './page.js'

const config: MobileWalletConfig = {
  relayUrl: 'ws://127.0.0.1:8788',
  chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' }],
  mnemonic: 'test test test test test test test test test test test junk',
  projectId: 'devnet',
  accountCount: 4,
}

describe('Devnet Mobile Wallet page', () => {
  it('puts its configuration in the page as inert JSON', () => {
    const html = mobileWalletHtml({ ...config, projectId: '</script><script>alert(1)</script>' })
    expect(html).not.toContain('</script><script>alert(1)')
    const json =
      /<script type="application\/json" id="portico-mobile-wallet-config">(.*?)<\/script>/s.exec(
        html,
      )?.[1]
    expect(JSON.parse(json ?? '').projectId).toBe('</script><script>alert(1)</script>')
    expect(html).toContain('<label for="uri">Pairing URI</label>')
    expect(html).toContain('src="/mobile-wallet/app.js"')
  })

  it('describes requests from what the dapp sent, as text', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(
      describeRequest(config, {
        method: 'personal_sign',
        params: ['0x48656c6c6f', address],
        chainId: 'eip155:31337',
      }),
    ).toEqual({
      title: 'Signature request',
      lines: [`Account: ${address}`, 'Network: Devnet (31337)', 'Message:', 'Hello'],
    })
    // Some dapps swap the parameters.
    expect(
      describeRequest(config, {
        method: 'personal_sign',
        params: [address, 'plain <b>text</b>'],
        chainId: 'eip155:31337',
      }).lines,
    ).toEqual([`Account: ${address}`, 'Network: Devnet (31337)', 'Message:', 'plain <b>text</b>'])
    const tx = describeRequest(config, {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0xde0b6b3a7640000' }],
      chainId: 'eip155:1',
    })
    expect(tx.title).toBe('Transaction request')
    expect(tx.lines).toContain('Value: 1 ETH')
    expect(tx.lines).toContain('Network: eip155:1')
    const typed = describeRequest(config, {
      method: 'eth_signTypedData_v4',
      params: [address, 'not json'],
      chainId: 'eip155:31337',
    })
    expect(typed.title).toBe('Typed data signature request')
  })

  it('titles a sign-in message as such and warns when its domain is not the app’s', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const message = [
      'bank.example wants you to sign in with your Ethereum account:',
      address,
      '',
      '',
      'URI: https://bank.example/',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: abcdefgh12345678',
      'Issued At: 2026-01-01T00:00:00Z',
      'Expiration Time: 2026-01-01T01:00:00Z',
    ].join('\n')
    const peer = { name: 'App', url: 'http://127.0.0.1:5173', description: '', icons: [] }
    expect(
      describeRequest(config, {
        method: 'personal_sign',
        params: [message, address],
        chainId: 'eip155:31337',
        peer,
      }),
    ).toEqual({
      title: 'Sign-in request',
      lines: [
        `Account: ${address}`,
        'Network: Devnet (31337)',
        'Sign in to: bank.example',
        'Sign-in network: eip155:31337',
        'Expires: 2026-01-01T01:00:00.000Z',
        'Warning: this signs you in to bank.example, but the request comes from 127.0.0.1:5173',
        'Message:',
        message,
      ],
    })
    const own = describeRequest(config, {
      method: 'personal_sign',
      params: [message, address],
      chainId: 'eip155:31337',
      peer: { ...peer, url: 'https://bank.example' },
    })
    expect(own.lines.some((line) => line.startsWith('Warning'))).toBe(false)
  })
})
