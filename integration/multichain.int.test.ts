import { createMemoryStorage, type TokenBalance } from '@portico/core'
import { bitcoinAdapter } from '@portico/core/bitcoin'
import { solanaAdapter } from '@portico/core/solana'
import { buildClient, connectionFeature, FEATURES } from '@portico/core/test-seams'
import { type Devnet, formatSignInMessage, startDevnet } from '@portico/devnet'
import {
  createBitcoinWalletCore,
  createSatsConnectProvider,
  createStandardWallet,
  DEVNET_BITCOIN_WALLET_ICON,
} from '@portico/devnet/bitcoin-wallet'
import { createDevnetSolanaWalletCore } from '@portico/devnet/solana-wallet'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The SDK against a devnet, beyond EVM: the Devnet Solana Wallet and the Devnet Bitcoin Wallet
// (their DOM-free cores) handed to the SDK as app-provided connectors, the adapters loaded from
// `@portico/core/solana` and `@portico/core/bitcoin`, every number read back from the chains.

const ORIGIN = 'http://127.0.0.1:5173'
let devnet: Devnet
let client: ReturnType<typeof buildClient<typeof FEATURES>>

beforeAll(async () => {
  devnet = await startDevnet({ ports: { api: 0, chains: [0, 0, 0], relay: 0 } })
  const solanaWallet = createDevnetSolanaWalletCore({
    chains: [
      { id: devnet.solana.caipNetworkId, name: 'Devnet Solana', rpcUrl: devnet.solana.rpcUrl },
    ],
    autoApprove: true,
    origin: ORIGIN,
    storageKey: 'multichain-int-solana',
  })
  const bitcoinCore = createBitcoinWalletCore({
    esploraUrl: devnet.bitcoin.esploraUrl,
    autoApprove: true,
    origin: ORIGIN,
    storageKey: 'multichain-int-bitcoin',
  })
  const satsConnect = createSatsConnectProvider(bitcoinCore)
  const bitcoinWallet = createStandardWallet(bitcoinCore, DEVNET_BITCOIN_WALLET_ICON, satsConnect)
  client = buildClient(FEATURES, {
    projectId: 'devnet',
    networks: [...devnet.networks, devnet.solana.network, devnet.bitcoin.network] as never,
    apiUrls: { blockchain: devnet.apiUrl, toolkit: devnet.apiUrl },
    storage: createMemoryStorage(),
    logLevel: 'silent',
    adapters: { solana: solanaAdapter, bip122: bitcoinAdapter },
    connectors: [
      { id: 'solana', name: 'Devnet Solana Wallet', chain: 'solana', wallet: solanaWallet.wallet },
      { id: 'bitcoin', name: 'Devnet Bitcoin Wallet', chain: 'bip122', wallet: bitcoinWallet },
      { id: 'sats', name: 'Devnet Bitcoin (sats-connect)', chain: 'bip122', satsConnect },
    ],
  })
}, 60_000)

afterAll(async () => {
  client?.client.destroy()
  await devnet?.stop()
})

/** The Solana chain itself, through its JSON-RPC. */
async function solanaRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error) throw new Error(JSON.stringify(body.error))
  return body.result as T
}
const lamports = async (address: string) =>
  BigInt((await solanaRpc<{ value: number }>('getBalance', [address])).value)
async function usdcUnits(owner: string): Promise<bigint> {
  const { value } = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }>('getTokenAccountsByOwner', [
    owner,
    { mint: devnet.solana.mints.usdc },
    { encoding: 'jsonParsed' },
  ])
  return value.reduce(
    (sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount),
    0n,
  )
}

const portico = () => client.client
async function token(symbol: string): Promise<TokenBalance> {
  const tokens = await portico().balances.fetchTokenBalances({ forceUpdate: true })
  const found = tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no ${symbol} in ${tokens.map((t) => t.symbol)}`)
  return found
}
async function send(symbol: string, amount: string, to: string) {
  portico().send.setToken(await token(symbol))
  portico().send.setAmount(amount)
  portico().send.setReceiver(to)
  const prepared = await portico().send.preview()
  expect(prepared.fee.symbol).toBe('SOL')
  return { prepared, hash: await portico().send.send() }
}

/** Signs in on the devnet's sign-in server: a real signature check (Ed25519, BIP-322). */
async function signIn(
  namespace: 'solana' | 'bip122',
  address: string,
  sign: (text: string) => Promise<string>,
) {
  const query = `projectId=devnet&st=test&sv=test`
  const { nonce } = (await (await fetch(`${devnet.apiUrl}/auth/v1/nonce?${query}`)).json()) as {
    nonce: string
  }
  const text = formatSignInMessage({
    domain: '127.0.0.1:5173',
    namespace,
    address,
    uri: ORIGIN,
    version: '1',
    chainId: (namespace === 'solana'
      ? devnet.solana.caipNetworkId
      : devnet.bitcoin.caipNetworkId
    ).split(':')[1] as string,
    nonce,
    issuedAt: new Date(),
  })
  const response = await fetch(`${devnet.apiUrl}/auth/v1/authenticate?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ message: text, signature: await sign(text) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('Solana on a devnet', () => {
  it('connects the Devnet Solana Wallet on the devnet cluster', async () => {
    const result = await portico().connection.connect({ connectorId: 'solana' })
    expect(result.address).toBe(devnet.solanaAccounts[0]!.address)
    expect(result.chainId).toBe('solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP')
    expect(portico().network.$activeNamespace.get()).toBe('solana')
    expect(portico().network.$activeNetwork.get().name).toBe('Devnet Solana')
    expect(portico().connection.$connection.get().allAccounts).toEqual([
      { address: result.address, type: 'eoa', namespace: 'solana' },
    ])
  })

  it('shows the SOL and USDC balances the chain holds', async () => {
    const address = devnet.solanaAccounts[0]!.address
    await portico().balances.refreshNativeBalance({ force: true })
    const native = portico().balances.$nativeBalance.get()
    expect(native.data?.symbol).toBe('SOL')
    const chainLamports = await lamports(address)
    expect(BigInt(Math.round(Number(native.data?.balance) * 1e9))).toBe(chainLamports)
    const sol = await token('SOL')
    expect(sol.quantity.decimals).toBe('9')
    const usdc = await token('USDC')
    expect(usdc.address).toBe(`solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP:${devnet.solana.mints.usdc}`)
    expect(BigInt(Math.round(Number(usdc.quantity.numeric) * 1e6))).toBe(await usdcUnits(address))
  })

  it('sends 0.5 SOL: the receiver gets it, the sender pays it and the fee', async () => {
    const from = devnet.solanaAccounts[0]!.address
    const to = devnet.solanaAccounts[1]!.address
    const [fromBefore, toBefore] = await Promise.all([lamports(from), lamports(to)])
    const { prepared, hash } = await send('SOL', '0.5', to)
    expect(prepared.fee.value).toBe(5_000n)
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await lamports(to)) - toBefore).toBe(500_000_000n)
    expect(fromBefore - (await lamports(from))).toBe(500_000_000n + 5_000n)
    const status = await solanaRpc<{ value: { err: unknown; confirmationStatus: string }[] }>(
      'getSignatureStatuses',
      [[hash]],
    )
    expect(status.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    // The native balance the app shows follows the chain after the send.
    expect(portico().balances.$nativeBalance.get().data?.balance).toBe(
      String(Number(fromBefore - 500_005_000n) / 1e9),
    )
  })

  it('sends USDC to an account that has none yet, creating its token account', async () => {
    const from = devnet.solanaAccounts[0]!.address
    // A fresh address: the second account's USDC account exists, this one's does not.
    const to = 'BPFLoaderUpgradeab1e11111111111111111111111'
    const [fromBefore, toBefore] = await Promise.all([usdcUnits(from), usdcUnits(to)])
    expect(toBefore).toBe(0n)
    const { prepared } = await send('USDC', '12.5', to)
    // The network fee and the new account's rent (165 bytes), both paid by the sender.
    const rent = BigInt(await solanaRpc<number>('getMinimumBalanceForRentExemption', [165]))
    expect(prepared.fee.value).toBe(5_000n + rent)
    expect(await usdcUnits(to)).toBe(12_500_000n)
    expect(fromBefore - (await usdcUnits(from))).toBe(12_500_000n)
  })

  it('sends USDC to an account that has one, without creating another', async () => {
    const to = devnet.solanaAccounts[1]!.address
    const before = await usdcUnits(to)
    const { prepared } = await send('USDC', '1', to)
    expect(prepared.fee.value).toBe(5_000n)
    expect((await usdcUnits(to)) - before).toBe(1_000_000n)
  })

  it('signs a message that the devnet sign-in server verifies (Ed25519)', async () => {
    const address = devnet.solanaAccounts[0]!.address
    const active = client.use(connectionFeature).getActive('solana')!
    const result = await signIn('solana', address, (text) =>
      active.adapter.signing!.signMessage(active.connector, address, text),
    )
    expect(result.status).toBe(200)
    expect(result.body.session).toMatchObject({
      address,
      chainId: 'solana:8eRXQkZRbsigXb4zuUASq8R3mfJCH3FP',
    })
    // A signature over other text is refused: the check is real.
    const forged = await signIn('solana', address, (text) =>
      active.adapter.signing!.signMessage(active.connector, address, `${text} `),
    )
    expect(forged).toMatchObject({ status: 401, body: { error: 'bad signature' } })
  })
})

describe('Bitcoin on a devnet', () => {
  const payment = () => devnet.bitcoin.accounts[0]!.payment.address
  const ordinals = () => devnet.bitcoin.accounts[0]!.ordinals.address

  it('connects the payment address by default, on the regtest chain', async () => {
    const result = await portico().connection.connect({ connectorId: 'bitcoin' })
    expect(result.address).toBe(payment())
    expect(result.address).toBe('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')
    expect(result.chainId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(portico().network.$activeNamespace.get()).toBe('bip122')
    expect(portico().connection.$connection.get().allAccounts[0]).toEqual({
      address: payment(),
      type: 'payment',
      namespace: 'bip122',
    })
  })

  it('shows a balance equal to the sum of the address’s unspent outputs', async () => {
    await portico().balances.refreshNativeBalance({ force: true })
    const utxos = (await (
      await fetch(`${devnet.bitcoin.esploraUrl}/address/${payment()}/utxo`)
    ).json()) as { value: number }[]
    const sats = utxos.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
    // Seeded with 1, 0.5 and 0.25 BTC in three outputs.
    expect(utxos).toHaveLength(3)
    expect(sats).toBe(175_000_000n)
    expect(sats).toBe(await devnet.bitcoin.balance(payment()))
    expect(portico().balances.$nativeBalance.get().data).toEqual({ balance: '1.75', symbol: 'BTC' })
    // A new output (mined) is in the next reading.
    await devnet.bitcoin.fund(payment(), 12_345n)
    await portico().balances.refreshNativeBalance({ force: true })
    expect(portico().balances.$nativeBalance.get().data?.balance).toBe('1.75012345')
  })

  it('signs a BIP-322 message that the devnet sign-in server verifies', async () => {
    const active = client.use(connectionFeature).getActive('bip122')!
    const result = await signIn('bip122', payment(), (text) =>
      active.adapter.signing!.signMessage(active.connector, payment(), text),
    )
    expect(result.status).toBe(200)
    expect(result.body.session).toMatchObject({ address: payment() })
    const forged = await signIn('bip122', payment(), (text) =>
      active.adapter.signing!.signMessage(active.connector, payment(), `${text}!`),
    )
    expect(forged).toMatchObject({ status: 401, body: { error: 'bad signature' } })
  })

  it('connects the ordinals address first when asked', async () => {
    const result = await portico().connection.connect({
      connectorId: 'bitcoin',
      accountType: 'ordinal',
    })
    expect(result.address).toBe(ordinals())
    expect(portico().connection.$connection.get().allAccounts).toEqual([
      { address: ordinals(), type: 'ordinal', namespace: 'bip122' },
      { address: payment(), type: 'payment', namespace: 'bip122' },
    ])
  })

  it('connects and signs through the sats-connect provider too', async () => {
    const result = await portico().connection.connect({ connectorId: 'sats' })
    expect(result.address).toBe(payment())
    expect(result.chainId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    const active = client.use(connectionFeature).getActive('bip122')!
    expect(active.connector.id).toBe('sats')
    const signed = await signIn('bip122', payment(), (text) =>
      active.adapter.signing!.signMessage(active.connector, payment(), text),
    )
    expect(signed.status).toBe(200)
  })

  it("signs and broadcasts the app's own PSBT through client.wallet.signPsbt", async () => {
    const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
    const from = payment()
    const to = devnet.bitcoin.accounts[1]!.payment.address
    const [utxo] = (await (
      await fetch(`${devnet.bitcoin.esploraUrl}/address/${from}/utxo`)
    ).json()) as { txid: string; vout: number; value: number }[]
    const script = (address: string) => OutScript.encode(Address(REGTEST).decode(address))
    const tx = new Transaction()
    tx.addInput({
      txid: utxo!.txid,
      index: utxo!.vout,
      witnessUtxo: { script: script(from), amount: BigInt(utxo!.value) },
    })
    tx.addOutput({ script: script(to), amount: 50_000n })
    tx.addOutput({ script: script(from), amount: BigInt(utxo!.value) - 50_000n - 1_000n })
    const psbt = Buffer.from(tx.toPSBT()).toString('base64')
    await expect(
      portico().wallet.signPsbt({ psbt: 'not base64!', signInputs: { [from]: [0] } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The PSBT must be base64' })
    const signed = await portico().wallet.signPsbt({
      psbt,
      signInputs: { [from]: [0] },
      broadcast: true,
    })
    expect(signed.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(Transaction.fromPSBT(Buffer.from(signed.psbt, 'base64')).id).toBe(signed.txid)
    const seen = await fetch(`${devnet.bitcoin.esploraUrl}/tx/${signed.txid}`)
    expect(seen.status).toBe(200)
  })
})

describe('several namespaces at once', () => {
  it('keeps a Solana and a Bitcoin connection, and switches the active one both ways', async () => {
    const connections = portico().connection.$connections.get()
    expect(connections.solana?.status).toBe('connected')
    expect(connections.bip122?.status).toBe('connected')
    portico().connection.switchNamespace('solana')
    expect(portico().connection.$address.get()).toBe(devnet.solanaAccounts[0]!.address)
    expect(portico().network.$activeNetwork.get().nativeCurrency).toMatchObject({
      symbol: 'SOL',
      decimals: 9,
    })
    portico().connection.switchNamespace('bip122')
    expect(portico().connection.$address.get()).toBe(devnet.bitcoin.accounts[0]!.payment.address)
    expect(portico().network.$activeNetwork.get().nativeCurrency).toMatchObject({
      symbol: 'BTC',
      decimals: 8,
    })
  })

  it('disconnecting the active namespace leaves the other connected and active', async () => {
    await portico().connection.disconnect({ namespace: 'bip122' })
    expect(portico().network.$activeNamespace.get()).toBe('solana')
    expect(portico().connection.$status.get()).toBe('connected')
    expect(portico().connection.$connections.get().bip122).toBeUndefined()
  })
})
