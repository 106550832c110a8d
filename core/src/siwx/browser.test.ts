import { mnemonicToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger/index.js'
import type { PorticoNetwork } from '../options/index.js'
import { createMemoryStorage, createSafeStorage } from '../storage/index.js'
import { createBrowserSiwx } from './browser.js'
import { SIWX_SESSIONS_KEY } from './browserImpl.js'
import type { BrowserSiwxOptions, SiwxSession } from './types.js'

// Loaded on first use by the code under test: loaded once here, outside any test's clock.
beforeAll(async () => {
  await Promise.all([import('./browserImpl.js'), import('viem/siwe'), import('viem')])
}, 60_000)

const MNEMONIC = 'test test test test test test test test test test test junk'
const OWNER = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
const OTHER = mnemonicToAccount(MNEMONIC, { addressIndex: 1 })
const NOW = Date.parse('2026-01-01T00:00:00.000Z')

function setup(
  options: BrowserSiwxOptions = {},
  chain: { networks?: PorticoNetwork[]; fetch?: typeof fetch } = {},
) {
  const adapter = createMemoryStorage()
  const logger = createLogger({ level: 'silent' })
  let now = NOW
  const siwx = createBrowserSiwx(options)
  siwx.init?.({
    storage: createSafeStorage(adapter, logger),
    toolkitUrl: (path) => `https://api.example/${path}`,
    fetch: chain.fetch ?? (() => Promise.reject(new Error('no network in this test'))),
    now: () => now,
    // No RPC for the chain by default: an EOA signature is checked by recovery.
    networks: chain.networks ?? [],
    logger,
    domain: 'app.example',
    uri: 'https://app.example/',
  })
  return {
    siwx,
    adapter,
    setNow: (ms: number) => {
      now = ms
    },
  }
}

async function signedBy(
  siwx: ReturnType<typeof setup>['siwx'],
  signer = OWNER,
  address: string = OWNER.address,
): Promise<SiwxSession> {
  const message = await siwx.createMessage({ accountAddress: address, chainId: 'eip155:1' })
  const text = message.toString()
  return {
    data: message.data,
    message: text,
    signature: await signer.signMessage({ message: text }),
  }
}

describe('the browser-kept configuration', () => {
  it('draws its own nonce, checks the signature and keeps the session', async () => {
    const { siwx, adapter } = setup({ statement: 'Local sign-in' })
    const session = await signedBy(siwx)
    expect(session.data.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(session.message).toContain('\nLocal sign-in\n')
    await siwx.addSession(session)
    expect(await siwx.getSessions('eip155:1', OWNER.address.toLowerCase())).toEqual([session])
    expect(JSON.parse(adapter.getItem(`@portico/${SIWX_SESSIONS_KEY}`)!)).toEqual([session])
  })

  it('refuses a signature by another key', async () => {
    const { siwx } = setup()
    await expect(siwx.addSession(await signedBy(siwx, OTHER))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The sign-in was refused: the signature does not match',
    })
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it("asks the chain's RPC, through the app's fetch, so a smart account's signature can verify", async () => {
    const calls: string[] = []
    const chain = {
      networks: [
        {
          id: 'eip155:1',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { http: ['https://rpc.example/'] },
        },
      ] as PorticoNetwork[],
      // The RPC cannot answer here.
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${String(input)} ${JSON.parse(String(init?.body)).method}`)
        throw new Error('the RPC is down')
      },
    }
    const { siwx } = setup({}, chain)
    // The account's own signature is recovered here: nothing asked.
    await siwx.addSession(await signedBy(siwx))
    expect(calls).toEqual([])
    // Any other may be a smart account's: the chain is asked (and, down, says no).
    await expect(siwx.addSession(await signedBy(siwx, OTHER))).rejects.toMatchObject({
      message: 'The sign-in was refused: the signature does not match',
    })
    expect(calls[0]).toBe('https://rpc.example/ eth_call')
  })

  it('takes each nonce once (a replay is refused)', async () => {
    const { siwx } = setup()
    const session = await signedBy(siwx)
    await siwx.addSession(session)
    await expect(siwx.addSession(session)).rejects.toThrow(
      'The sign-in was refused: the nonce was not issued here',
    )
  })

  it('refuses a nonce it did not draw, fields that are not the signed text, an expired message', async () => {
    const { siwx, setNow } = setup()
    const session = await signedBy(siwx)
    await expect(
      siwx.addSession({ ...session, data: { ...session.data, nonce: 'abcdefgh12345678' } }),
    ).rejects.toThrow('the nonce was not issued here')
    await expect(
      siwx.addSession({ ...session, data: { ...session.data, chainId: 'eip155:5' } }),
    ).rejects.toThrow('the message does not match its fields')
    await expect(siwx.addSession({ ...session, message: '' })).rejects.toThrow(
      'the session is malformed',
    )
    setNow(NOW + 86_400_000)
    await expect(siwx.addSession(session)).rejects.toThrow('the message has expired')
  })

  it("uses the app's verifier when given one", async () => {
    const seen: string[] = []
    const { siwx } = setup({
      verify: async (session) => {
        seen.push(session.data.accountAddress)
        return false
      },
    })
    await expect(siwx.addSession(await signedBy(siwx))).rejects.toThrow(
      'the signature does not match',
    )
    expect(seen).toEqual([OWNER.address])
  })

  it('drops expired sessions as it meets them', async () => {
    const { siwx, setNow, adapter } = setup()
    await siwx.addSession(await signedBy(siwx))
    setNow(NOW + 86_400_000)
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
    expect(adapter.getItem(`@portico/${SIWX_SESSIONS_KEY}`)).toBeNull()
  })

  it('revokes one account, replaces all, keeps one session per account and network', async () => {
    const { siwx } = setup()
    const first = await signedBy(siwx)
    await siwx.addSession(first)
    const second = await signedBy(siwx)
    await siwx.addSession(second)
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([second])
    await siwx.revokeSession('eip155:1', OWNER.address)
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
    await siwx.setSessions([first])
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([first])
    await siwx.setSessions([])
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it('reads tampered storage as no sessions', async () => {
    const { siwx, adapter } = setup()
    adapter.setItem(`@portico/${SIWX_SESSIONS_KEY}`, JSON.stringify([{ data: 1 }]))
    expect(await siwx.getSessions('eip155:1', OWNER.address)).toEqual([])
  })

  it('takes Bitcoin sign-ins as the wallet signs them (no BIP-322 verifier in the browser yet)', async () => {
    const { siwx } = setup()
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    const chainId = 'bip122:000000000019d6689c085ae165831e93'
    const message = await siwx.createMessage({ accountAddress: address, chainId })
    const session = { data: message.data, message: message.toString(), signature: 'c2ln' }
    await siwx.addSession(session)
    expect(await siwx.getSessions(chainId, address)).toEqual([session])
  })

  it('refuses a namespace it has no verifier for, unless the app verifies it', async () => {
    const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    const chainId = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
    const { siwx } = setup()
    const message = await siwx.createMessage({ accountAddress: address, chainId })
    const session = { data: message.data, message: message.toString(), signature: '0x01' }
    await expect(siwx.addSession(session)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { why: 'the signature does not match' },
    })
    const trusting = setup({ verify: async () => true }).siwx
    const mine = await trusting.createMessage({ accountAddress: address, chainId })
    await trusting.addSession({ data: mine.data, message: mine.toString(), signature: '0x01' })
    expect(await trusting.getSessions(chainId, address)).toHaveLength(1)
  })
})
