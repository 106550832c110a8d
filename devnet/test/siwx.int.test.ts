import { getBase58Decoder } from '@solana/kit'
import { SolanaSignMessage, type SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/core'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  hashMessage,
  http,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { toViemChain } from '../src/chains/evm/viemChain.js'
import {
  type Cacao,
  createDevnetWalletConnectWallet,
  type Devnet,
  DevnetSmartAccount,
  DevnetSmartAccountFactory,
  type DevnetWalletConnectWallet,
  formatSignInMessage,
  type SignInNamespace,
  type SiwxSession,
  startDevnet,
} from '../src/index.js'
import { createBitcoinWalletCore } from '../src/wallets/bitcoin/core.js'
import { createSatsConnectProvider } from '../src/wallets/bitcoin/satsConnect.js'
import { createDevnetSolanaWalletCore } from '../src/wallets/solana/wallet.js'
import { api, FREE_PORTS, postJson } from './helpers.js'
import {
  closeSignClientDapp,
  createSignClientDapp,
  type SignClientDapp,
} from './mobile-wallet-dapp.js'

const APP = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'

let devnet: Devnet
// The devnet's sign-in clock runs this far ahead of the real one: tests move it, never sleep.
let clockOffset = 0
const now = () => Date.now() + clockOffset

beforeAll(async () => {
  devnet = await startDevnet({ ports: { ...FREE_PORTS, relay: 0 }, clock: now })
})

afterAll(async () => {
  await devnet?.stop()
})

afterEach(() => {
  clockOffset = 0
})

const account = (index: number) => privateKeyToAccount(devnet.accounts[index]?.privateKey as Hex)

async function nonce(): Promise<string> {
  const response = await api(devnet, '/auth/v1/nonce')
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  const body = (await response.json()) as { nonce: string; expiresAt: string }
  return body.nonce
}

async function siwe(
  address: Address,
  fields: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): Promise<string> {
  return createSiweMessage({
    address,
    chainId: 31337,
    domain: DOMAIN,
    uri: `${APP}/`,
    version: '1',
    nonce: await nonce(),
    issuedAt: new Date(now()),
    statement: 'Sign in to the Portico example',
    ...fields,
  })
}

function authenticate(body: unknown, origin: string | null = APP) {
  const init = postJson(body)
  return api(devnet, '/auth/v1/authenticate', {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...(origin ? { Origin: origin } : {}) },
  })
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })
const me = (token: string) => api(devnet, '/auth/v1/me', bearer(token))

async function expectError(response: Response, status: number, error: string) {
  expect({ status: response.status, body: await response.json() }).toEqual({
    status,
    body: { error },
  })
}

async function signedIn(response: Response): Promise<{ token: string; session: SiwxSession }> {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body as { token: string; session: SiwxSession }
}

describe('sign-in with Ethereum on the devnet API', () => {
  it('signs a devnet account in: a token, and me answers the address until sign-out', async () => {
    const signer = account(1)
    const message = await siwe(signer.address)
    const { token, session } = await signedIn(
      await authenticate({ message, signature: await signer.signMessage({ message }) }),
    )
    expect(session).toMatchObject({
      address: signer.address,
      chainId: 'eip155:31337',
      caipAddress: `eip155:31337:${signer.address}`,
      accountType: 'eoa',
      domain: DOMAIN,
      uri: `${APP}/`,
      origin: APP,
      via: 'message',
    })
    expect(Date.parse(session.expiresAt) - Date.parse(session.signedInAt)).toBe(24 * 3600_000)

    const answer = await me(token)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ session })

    const out = await api(devnet, '/auth/v1/sign-out', { method: 'POST', ...bearer(token) })
    expect(await out.json()).toEqual({ success: true })
    const after = await me(token)
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer/)
    await expectError(after, 401, 'signed out')
    await expectError(
      await api(devnet, '/auth/v1/sign-out', { method: 'POST', ...bearer(token) }),
      401,
      'signed out',
    )
  })

  it('answers 401 to me without a valid token', async () => {
    await expectError(await api(devnet, '/auth/v1/me'), 401, 'missing bearer token')
    await expectError(await me('not.a.token'), 401, 'invalid token')
  })

  it('lets a page on another port send the bearer header (CORS preflight)', async () => {
    const response = await fetch(`${devnet.apiUrl}/auth/v1/me`, {
      method: 'OPTIONS',
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(APP)
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization')
  })

  it('refuses the same signed message twice', async () => {
    const signer = account(2)
    const message = await siwe(signer.address)
    const body = { message, signature: await signer.signMessage({ message }) }
    await signedIn(await authenticate(body))
    await expectError(await authenticate(body), 401, 'nonce already used')
  })

  it('refuses a message for another domain, from another page, or from a page the project does not allow', async () => {
    const signer = account(1)
    const signed = async (message: string) => ({
      message,
      signature: await signer.signMessage({ message }),
    })
    await expectError(
      await authenticate(await signed(await siwe(signer.address)), 'http://127.0.0.1:5174'),
      401,
      'wrong domain: the message is for 127.0.0.1:5173, the request comes from http://127.0.0.1:5174',
    )
    await expectError(
      await authenticate(
        await signed(
          await siwe(signer.address, { domain: 'evil.example', uri: 'https://evil.example/' }),
        ),
        'https://evil.example',
      ),
      403,
      // The devnet answers pages on this machine only: a foreign site is refused before sign-in.
      'origin https://evil.example is not allowed',
    )
    await expectError(
      await authenticate(await signed(await siwe(signer.address, { uri: 'http://127.0.0.1:9/' }))),
      401,
      'wrong URI: http://127.0.0.1:9/ is not on http://127.0.0.1:5173',
    )
    await expectError(
      await authenticate(await signed(await siwe(signer.address)), null),
      400,
      'missing Origin header',
    )
  })

  it('refuses an expired message, one not valid yet, one from the future, and a stale nonce (server clock)', async () => {
    const signer = account(1)
    const signed = async (message: string) => ({
      message,
      signature: await signer.signMessage({ message }),
    })
    const expiring = await signed(
      await siwe(signer.address, { expirationTime: new Date(now() + 5 * 60_000) }),
    )
    clockOffset = 5 * 60_000
    await expectError(await authenticate(expiring), 401, 'message expired')

    clockOffset = 0
    const later = await signed(await siwe(signer.address, { notBefore: new Date(now() + 60_000) }))
    await expectError(await authenticate(later), 401, 'message not yet valid')
    clockOffset = 60_000
    await signedIn(await authenticate(later))

    clockOffset = 0
    const future = await signed(await siwe(signer.address, { issuedAt: new Date(now() + 61_000) }))
    await expectError(await authenticate(future), 401, 'message issued in the future')

    const stale = await signed(await siwe(signer.address))
    clockOffset = 10 * 60_000
    await expectError(await authenticate(stale), 401, 'nonce expired')
  })

  it('refuses chains that are not the devnet chains apps configure', async () => {
    const signer = account(1)
    for (const chainId of [1, 31339]) {
      const message = await siwe(signer.address, { chainId })
      await expectError(
        await authenticate({ message, signature: await signer.signMessage({ message }) }),
        400,
        `wrong chain: eip155:${chainId} is not accepted here (accepted: eip155:31337, eip155:31338, solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP, bip122:0f9188f13cb7b2c71f2a335e3a4fc328)`,
      )
    }
  })

  it('refuses a signature by another key, and the nonce stays usable for the right one', async () => {
    const signer = account(1)
    const message = await siwe(signer.address)
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    await expectError(await authenticate({ message, signature: forged }), 401, 'bad signature')
    await expectError(
      await authenticate({ message, signature: 'not hex' }),
      400,
      'bad signature encoding',
    )
    const { session } = await signedIn(
      await authenticate({ message, signature: await signer.signMessage({ message }) }),
    )
    expect(session.address).toBe(signer.address)
  })

  it('refuses malformed bodies and messages with 400', async () => {
    await expectError(
      await authenticate('nope'),
      400,
      'expected { message, signature } or { cacao }',
    )
    await expectError(
      await authenticate({ message: 'hello', signature: '0x00' }),
      400,
      'invalid message: the first line is not "<domain> wants you to sign in with your … account:"',
    )
  })

  it('has the smart accounts at the same addresses on every chain, every run', async () => {
    expect(devnet.smartAccounts).toMatchObject({
      factory: '0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D',
      deployed: {
        address: '0x125cA7632ffE1d8CDEb4f69A051A913690a1CdeB',
        owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        salt: 0n,
      },
      counterfactual: { address: '0xE70E79804585121137c2bBDf05dCF7AD638Ef84B', salt: 1n },
    })
    for (const chain of [...devnet.chains, devnet.unlistedChain]) {
      const client = createPublicClient({
        chain: toViemChain(chain),
        transport: http(chain.rpcUrl),
      })
      expect(
        await client.readContract({
          address: devnet.smartAccounts.deployed.address,
          abi: DevnetSmartAccount.abi,
          functionName: 'owner',
        }),
      ).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    }
  })

  it('signs the devnet smart account in with its owner’s signature (ERC-1271)', async () => {
    const { deployed } = devnet.smartAccounts
    expect(deployed.owner).toBe(devnet.accounts[0]?.address)
    const owner = account(0)
    const message = await siwe(deployed.address)
    const signature = await owner.signMessage({ message })

    // The contract itself vouches for the owner's signature.
    const chain = devnet.chains[0] as Devnet['chains'][number]
    const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
    expect(
      await client.readContract({
        address: deployed.address,
        abi: DevnetSmartAccount.abi,
        functionName: 'isValidSignature',
        args: [hashMessage(message), signature],
      }),
    ).toBe('0x1626ba7e')

    const { session } = await signedIn(await authenticate({ message, signature }))
    expect(session).toMatchObject({ address: deployed.address, accountType: 'smartAccount' })

    const notOwner = await siwe(deployed.address)
    await expectError(
      await authenticate({
        message: notOwner,
        signature: await account(1).signMessage({ message: notOwner }),
      }),
      401,
      'bad signature',
    )
  })

  it('signs a counterfactual smart account in (ERC-6492) without deploying it', async () => {
    const { counterfactual, factory } = devnet.smartAccounts
    const chain = devnet.chains[1] as Devnet['chains'][number]
    const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()
    expect(
      await client.readContract({
        address: factory,
        abi: DevnetSmartAccountFactory.abi,
        functionName: 'getAddress',
        args: [counterfactual.owner, counterfactual.salt],
      }),
    ).toBe(counterfactual.address)

    // The ERC-6492 wrapper: the factory, the call that would deploy the account, the owner's
    // signature, and the 6492 magic suffix.
    const factoryData = encodeFunctionData({
      abi: DevnetSmartAccountFactory.abi,
      functionName: 'createAccount',
      args: [counterfactual.owner, counterfactual.salt],
    })
    expect(counterfactual.factoryData).toBe(factoryData)
    const message = await siwe(counterfactual.address, { chainId: 31338 })
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await account(0).signMessage({ message }),
    })
    expect(
      signature.endsWith('6492649264926492649264926492649264926492649264926492649264926492'),
    ).toBe(true)
    const { session } = await signedIn(await authenticate({ message, signature }))
    expect(session).toMatchObject({
      address: counterfactual.address,
      chainId: 'eip155:31338',
      accountType: 'smartAccount',
    })
    // Verification simulated the deployment; nothing was deployed.
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()

    const wrongOwner = await siwe(counterfactual.address, { chainId: 31338 })
    const forged = serializeErc6492Signature({
      address: factory,
      data: counterfactual.factoryData,
      signature: await account(1).signMessage({ message: wrongOwner }),
    })
    await expectError(
      await authenticate({ message: wrongOwner, signature: forged }),
      401,
      'bad signature',
    )
  })
})

describe('sign-in on the devnet Solana and Bitcoin chains, signed by the devnet wallets', () => {
  async function caip122(namespace: SignInNamespace, address: string, chainId: string) {
    return formatSignInMessage({
      domain: DOMAIN,
      namespace,
      address,
      statement: 'Sign in to the Portico example',
      uri: `${APP}/`,
      version: '1',
      chainId,
      nonce: await nonce(),
      issuedAt: new Date(now()),
    })
  }

  it('signs the Devnet Solana Wallet account in with its solana:signMessage signature', async () => {
    const core = createDevnetSolanaWalletCore({
      chains: [
        {
          id: devnet.solana.caipNetworkId,
          name: devnet.solana.network.name,
          rpcUrl: devnet.solana.rpcUrl,
        },
      ],
      autoApprove: true,
      origin: APP,
    })
    const features = core.wallet.features as StandardConnectFeature & SolanaSignMessageFeature
    const {
      accounts: [solanaAccount],
    } = await features[StandardConnect].connect()
    if (!solanaAccount) throw new Error('the wallet answered no account')
    expect(solanaAccount.address).toBe(devnet.solanaAccounts[0]?.address)

    expect(devnet.solana.caipNetworkId).toBe('solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP')
    const message = await caip122(
      'solana',
      solanaAccount.address,
      '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
    )
    const [signed] = await features[SolanaSignMessage].signMessage({
      account: solanaAccount,
      message: new TextEncoder().encode(message),
    })
    // Solana apps send the signature bytes base58-encoded.
    const signature = getBase58Decoder().decode(signed?.signature as Uint8Array)
    const { token, session } = await signedIn(await authenticate({ message, signature }))
    expect(session).toMatchObject({
      address: solanaAccount.address,
      chainId: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
      caipAddress: `solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP:${solanaAccount.address}`,
      accountType: 'eoa',
      via: 'message',
    })
    expect((await me(token)).status).toBe(200)

    // Another signer's signature over the same text is not this account's.
    const other = await caip122('solana', solanaAccount.address, '8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP')
    const [otherSigned] = await features[SolanaSignMessage].signMessage({
      account: solanaAccount,
      message: new TextEncoder().encode(other.replace('Sign in', 'Sign out')),
    })
    await expectError(
      await authenticate({
        message: other,
        signature: getBase58Decoder().decode(otherSigned?.signature as Uint8Array),
      }),
      401,
      'bad signature',
    )
  })

  it('signs the Devnet Bitcoin Wallet in (BIP-322, payment and ordinals addresses) on the regtest chain', async () => {
    const core = createBitcoinWalletCore({
      esploraUrl: devnet.bitcoin.esploraUrl,
      autoApprove: true,
      origin: APP,
      storageKey: 'siwx-test-bitcoin-wallet',
    })
    const provider = createSatsConnectProvider(core)
    const accounts = (await provider.request('getAccounts', {
      purposes: ['payment', 'ordinals'],
    })) as { result: { address: string; purpose: string }[] }
    expect(accounts.result.map((a) => a.address)).toEqual([
      devnet.bitcoin.accounts[0]?.payment.address,
      devnet.bitcoin.accounts[0]?.ordinals.address,
    ])
    expect(devnet.bitcoin.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')

    for (const { address } of accounts.result) {
      const message = await caip122('bip122', address, '0f9188f13cb7b2c71f2a335e3a4fc328')
      const signed = (await provider.request('signMessage', { address, message })) as {
        result: { signature: string }
      }
      const { session } = await signedIn(
        await authenticate({ message, signature: signed.result.signature }),
      )
      expect(session).toMatchObject({
        address,
        chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        caipAddress: `bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${address}`,
        accountType: 'eoa',
      })
    }

    // The same account on Bitcoin testnet is not a chain the devnet runs.
    const [payment] = accounts.result
    const onTestnet = await caip122(
      'bip122',
      payment?.address as string,
      '000000000933ea01ad0ee984209779ba',
    )
    const signed = (await provider.request('signMessage', {
      address: payment?.address,
      message: onTestnet,
    })) as { result: { signature: string } }
    await expectError(
      await authenticate({ message: onTestnet, signature: signed.result.signature }),
      400,
      'wrong chain: bip122:000000000933ea01ad0ee984209779ba is not accepted here (accepted: eip155:31337, eip155:31338, solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP, bip122:0f9188f13cb7b2c71f2a335e3a4fc328)',
    )
  })
})

describe('one-click sign-in (WalletConnect wallet_authenticate)', () => {
  let dapp: SignClientDapp
  let wallet: DevnetWalletConnectWallet

  beforeAll(async () => {
    ;[dapp, wallet] = await Promise.all([
      createSignClientDapp(devnet),
      createDevnetWalletConnectWallet({
        relayUrl: devnet.relayUrl,
        chains: [...devnet.chains, devnet.unlistedChain],
        accountIndex: 2,
        logLevel: process.env.WCLOG ?? 'silent',
      }),
    ])
  })

  afterAll(async () => {
    await Promise.all([dapp && closeSignClientDapp(dapp), wallet?.close()])
  })

  async function request(fields: { domain?: string; chains?: string[] } = {}) {
    const serverNonce = await nonce()
    const { uri, response } = await dapp.authenticate({
      chains: fields.chains ?? ['eip155:31337', 'eip155:31338'],
      domain: fields.domain ?? DOMAIN,
      uri: `${APP}/`,
      nonce: serverNonce,
      statement: 'Sign in to the Portico example',
      methods: ['personal_sign', 'eth_sendTransaction'],
    })
    return { uri, response, serverNonce }
  }

  it('the node wallet approves; the CACAO signs in with the server', async () => {
    const { uri, response, serverNonce } = await request()
    const pending = await wallet.pairAuthenticate(uri)
    expect(pending).toMatchObject({
      kind: 'authenticate',
      proposer: { name: 'Portico sign-in dapp', url: APP },
      domain: DOMAIN,
      uri: `${APP}/`,
      nonce: serverNonce,
      requestedChains: ['eip155:31337', 'eip155:31338'],
      chains: ['eip155:31337', 'eip155:31338'],
      methods: ['eth_sendTransaction', 'personal_sign'],
      status: 'pending',
    })
    const [text] = pending.messages()
    expect(text).toContain(
      `${DOMAIN} wants you to sign in with your Ethereum account:\n${wallet.address()}`,
    )
    expect(text).toContain(`Nonce: ${serverNonce}`)

    const [approved, answered] = await Promise.all([pending.approve(), response()])
    expect(approved.cacaos).toHaveLength(2)
    expect(answered.session?.namespaces.eip155?.accounts).toEqual(
      expect.arrayContaining([
        `eip155:31337:${wallet.address()}`,
        `eip155:31338:${wallet.address()}`,
      ]),
    )
    const cacao = answered.auths?.find((c) => c.p.iss.startsWith('did:pkh:eip155:31338:')) as Cacao
    expect(cacao).toMatchObject({ h: { t: 'caip122' }, s: { t: 'eip191' } })
    // The wallet's session is the one the dapp got.
    expect(wallet.sessions().map((s) => s.topic)).toContain(answered.session?.topic)

    // What the SDK sends: the CACAO (the message is rebuilt from it and must match if given).
    const message = dapp.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss })
    const { token, session } = await signedIn(
      await authenticate({ cacao, message, signature: cacao.s.s }),
    )
    expect(session).toMatchObject({
      address: wallet.address(),
      chainId: 'eip155:31338',
      via: 'cacao',
      accountType: 'eoa',
    })
    expect(((await (await me(token)).json()) as { session: SiwxSession }).session.via).toBe('cacao')
    await expectError(await authenticate({ cacao }), 401, 'nonce already used')
  })

  it('refuses a CACAO whose message is not the one given, or whose signature was altered', async () => {
    const { uri, response } = await request()
    const pending = await wallet.pairAuthenticate(uri)
    const [, answered] = await Promise.all([pending.approve(), response()])
    const cacao = answered.auths?.[0] as Cacao
    await expectError(
      await authenticate({ cacao, message: 'another text' }),
      400,
      'message does not match the cacao',
    )
    const other = await account(3).signMessage({ message: 'x' })
    await expectError(
      await authenticate({ cacao: { ...cacao, s: { ...cacao.s, s: other } } }),
      401,
      'bad signature',
    )
    await signedIn(await authenticate({ cacao }))
  })

  it('refuses a CACAO made for another domain than the page that sends it', async () => {
    const { uri, response } = await request({ domain: '127.0.0.1:5174' })
    const pending = await wallet.pairAuthenticate(uri)
    const [, answered] = await Promise.all([pending.approve(), response()])
    await expectError(
      await authenticate({ cacao: answered.auths?.[0] }),
      401,
      'wrong domain: the message is for 127.0.0.1:5174, the request comes from http://127.0.0.1:5173',
    )
  })

  it('signs in through connect({ authentication }) too (the 2.25 protocol): CACAOs come with the session', async () => {
    const serverNonce = await nonce()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
      authentication: [
        {
          domain: DOMAIN,
          uri: `${APP}/`,
          chains: ['eip155:31337', 'eip155:1'],
          nonce: serverNonce,
          statement: 'Sign in to the Portico example',
          ttl: 300,
        },
      ],
    })
    const proposal = await wallet.pair(uri as string)
    expect(proposal.authentication).toEqual([
      {
        domain: DOMAIN,
        uri: `${APP}/`,
        nonce: serverNonce,
        statement: 'Sign in to the Portico example',
        requestedChains: ['eip155:31337', 'eip155:1'],
        chains: ['eip155:31337'],
      },
    ])
    expect(proposal.messages()).toHaveLength(1)
    const [walletSession, session] = await Promise.all([proposal.approve(), approval()])
    expect(walletSession.authentication).toHaveLength(1)
    const cacao = session.authentication?.[0] as Cacao
    expect(cacao.p.iss).toBe(`did:pkh:eip155:31337:${wallet.address()}`)
    const { session: signedInSession } = await signedIn(await authenticate({ cacao }))
    expect(signedInSession).toMatchObject({ address: wallet.address(), via: 'cacao' })
  })

  it('the dapp learns of a rejection; pair() names a sign-in URI for what it is', async () => {
    const { uri, response } = await request()
    await expect(wallet.pair(uri)).rejects.toThrow(/one-click sign-in request/)
    const pending = wallet.pendingAuthRequests()[0]
    expect(pending?.pairingTopic).toBeDefined()
    const outcome = response().then(
      () => 'approved',
      (error: unknown) => String((error as Error)?.message ?? error),
    )
    await pending?.reject()
    expect(await outcome).toMatch(/rejected/i)
    expect(wallet.pendingAuthRequests()).toEqual([])
  })
})
