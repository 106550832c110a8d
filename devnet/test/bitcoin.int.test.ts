import { hex } from '@scure/base'
import { RawTx, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBitcoinChain } from '../src/chains/bitcoin/chain.js'
import type { BitcoinKey } from '../src/chains/bitcoin/keys.js'
import { signBip322, signLegacyMessage } from '../src/chains/bitcoin/message.js'
import { parseAddress } from '../src/chains/bitcoin/parse.js'
import { buildTransfer, type SpendableOutput } from '../src/chains/bitcoin/transfer.js'
import { type Devnet, startDevnet } from '../src/index.js'
import { createBitcoinWalletCore } from '../src/wallets/bitcoin/core.js'
import { createSatsConnectProvider } from '../src/wallets/bitcoin/satsConnect.js'
import { apiJson, control, FREE_PORTS } from './helpers.js'

let devnet: Devnet
let esplora: string

beforeAll(async () => {
  devnet = await startDevnet({ ports: FREE_PORTS })
  esplora = devnet.bitcoin.esploraUrl
})

afterAll(async () => {
  await devnet?.stop()
})

type Utxo = {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number }
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${esplora}${path}`)
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  const type = response.headers.get('content-type') ?? ''
  return (type.startsWith('application/json') ? response.json() : response.text()) as Promise<T>
}

const post = (path: string, body: string) => fetch(`${esplora}${path}`, { method: 'POST', body })

async function broadcast(rawHex: string) {
  const response = await post('/tx', rawHex)
  const body = await response.text()
  return { status: response.status, body }
}

async function rejection(rawHex: string) {
  const { status, body } = await broadcast(rawHex)
  expect(status).toBe(400)
  return JSON.parse(body) as { error: string; reason: string }
}

const sum = (utxos: Utxo[]) => utxos.reduce((total, u) => total + u.value, 0)
const account = (i: number) => devnet.bitcoin.accounts[i] as Devnet['bitcoin']['accounts'][number]

/** The key's unspent outputs as the wallet reads them, through the REST API. */
async function spendable(key: BitcoinKey): Promise<SpendableOutput[]> {
  const utxos = await get<Utxo[]>(`/address/${key.address}/utxo`)
  return utxos.map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: BigInt(u.value),
    script: key.script,
  }))
}

async function transfer(from: BitcoinKey, to: string, value: bigint, utxos?: SpendableOutput[]) {
  const fees = await get<Record<string, number>>('/fee-estimates')
  return buildTransfer({
    key: from,
    utxos: utxos ?? (await spendable(from)),
    payments: [{ script: parseAddress(to).script, value }],
    feeRate: fees['1'] as number,
  })
}

/** The same transaction with one witness byte changed: its signature no longer holds. */
function withBrokenSignature(rawHex: string): string {
  const decoded = RawTx.decode(hex.decode(rawHex))
  const signature = decoded.witnesses?.[0]?.[0] as Uint8Array
  const broken = signature.slice()
  broken[10] = (broken[10] as number) ^ 0x01
  ;(decoded.witnesses as Uint8Array[][])[0] = [broken, ...(decoded.witnesses?.[0]?.slice(1) ?? [])]
  return hex.encode(RawTx.encode(decoded))
}

async function mine(body: unknown = {}) {
  const response = await fetch(`${esplora}/__devnet/mine`, {
    method: 'POST',
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { height: number; hashes: string[] }
}

describe('Bitcoin devnet chain', () => {
  it('is regtest: its genesis, its CAIP-2 id and bcrt addresses', async () => {
    expect(devnet.info().bitcoin).toEqual({
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      esploraUrl: esplora,
      network: {
        id: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        name: 'Devnet Bitcoin',
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        rpcUrls: { http: [esplora] },
        testnet: true,
      },
    })
    const info = await (await control(devnet, `/__devnet/info`)).json()
    expect(info.bitcoin).toEqual(devnet.info().bitcoin)
    expect(await get('/block-height/0')).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    // 100 blocks to mature the faucet's first coinbase, then the block that funds the accounts.
    expect(await get('/blocks/tip/height')).toBe('101')
    expect(await get('/blocks/tip/hash')).toBe(await get('/block-height/101'))
    // The same keys every run (BIP-84 / BIP-86 on the devnet mnemonic, coin type 1).
    expect(account(0).payment).toMatchObject({
      address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
      path: "m/84'/1'/0'/0/0",
    })
    expect(account(0).ordinals).toMatchObject({
      address: 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv',
      path: "m/86'/1'/0'/0/0",
    })
    const accounts = await get<{ payment: { address: string } }[]>('/__devnet/accounts')
    expect(accounts.map((a) => a.payment.address)).toEqual(
      devnet.bitcoin.accounts.map((a) => a.payment.address),
    )
  })

  it('answers a balance that is the sum of the funded outputs', async () => {
    const { payment, ordinals } = account(2)
    const utxos = await get<Utxo[]>(`/address/${payment.address}/utxo`)
    expect(utxos.map((u) => u.value).sort()).toEqual([100_000_000, 25_000_000, 50_000_000])
    expect(utxos.every((u) => u.status.confirmed && u.status.block_height === 101)).toBe(true)
    const stats = await get<Record<string, Record<string, number>>>(`/address/${payment.address}`)
    expect(stats.chain_stats).toEqual({
      funded_txo_count: 3,
      funded_txo_sum: 175_000_000,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 1,
    })
    expect(stats.mempool_stats?.funded_txo_sum).toBe(0)
    expect(sum(await get<Utxo[]>(`/address/${ordinals.address}/utxo`))).toBe(10_010_000)

    const { balances } = await apiJson<{ balances: unknown[] }>(
      devnet,
      `/v1/account/${payment.address}/balance?currency=usd&chainId=bip122:0f9188f13cb7b2c71f2a335e3a4fc328`,
    )
    expect(balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        value: 105_000,
        price: 60_000,
        quantity: { decimals: '8', numeric: '1.75' },
        iconUrl: expect.stringContaining('/public/getTokenImage/BTC?'),
      },
    ])
  })

  it('accepts a transfer signed with the account key, mines it, and moves the balances', async () => {
    const from = account(0).payment
    const to = account(1).payment.address
    const before = {
      from: sum(await get(`/address/${from.address}/utxo`)),
      to: devnet.bitcoin.balance(to),
    }
    const signed = await transfer(from, to, 30_000_000n)

    const { status, body: txid } = await broadcast(signed.hex)
    expect(status).toBe(200)
    expect(txid).toBe(signed.txid)
    expect(await get(`/tx/${txid}/status`)).toEqual({ confirmed: false })
    expect(await get(`/mempool/txids`)).toContain(txid)
    const pending = await get<Record<string, Record<string, number>>>(`/address/${to}`)
    expect(pending.mempool_stats).toMatchObject({ funded_txo_count: 1, funded_txo_sum: 30_000_000 })
    // Unconfirmed outputs count in the balance: they are the wallet's to spend.
    expect(devnet.bitcoin.balance(to)).toBe(before.to + 30_000_000n)

    const { height, hashes } = await mine()
    expect(height).toBe(102)
    expect(await get(`/tx/${txid}/status`)).toEqual({
      confirmed: true,
      block_height: 102,
      block_hash: hashes[0],
      block_time: expect.any(Number),
    })
    expect(await get(`/block/${hashes[0]}/txids`)).toContain(txid)
    const mined = await get<{ fee: number; vin: { prevout: { scriptpubkey_address: string } }[] }>(
      `/tx/${txid}`,
    )
    expect(mined.fee).toBe(Number(signed.fee))
    expect(mined.vin[0]?.prevout.scriptpubkey_address).toBe(from.address)
    expect(sum(await get(`/address/${from.address}/utxo`))).toBe(
      before.from - 30_000_000 - Number(signed.fee),
    )
    const after = await get<Record<string, Record<string, number>>>(`/address/${to}`)
    expect(after.chain_stats?.funded_txo_sum).toBe(175_000_000 + 30_000_000)
    expect(after.mempool_stats?.funded_txo_sum).toBe(0)
  })

  it('accepts a taproot (ordinals) key-path spend', async () => {
    const signed = await transfer(account(3).ordinals, account(3).payment.address, 5_000_000n)
    expect(await broadcast(signed.hex)).toEqual({ status: 200, body: signed.txid })
    await mine()
    expect(await get(`/tx/${signed.txid}/status`)).toMatchObject({ confirmed: true })
  })

  it('rejects a bad signature, a double spend and an unknown input, and changes nothing', async () => {
    const from = account(1).payment
    const utxosBefore = await get<Utxo[]>(`/address/${from.address}/utxo`)

    const signed = await transfer(from, account(2).payment.address, 1_000_000n)
    expect(await rejection(withBrokenSignature(signed.hex))).toEqual({
      reason: 'mandatory-script-verify-flag-failed',
      error:
        'mandatory-script-verify-flag-failed: input 0: the signature does not match the key and the transaction',
    })
    // Signed by another account's key: account 2 signs its own spend, then points the input at
    // account 1's output. Its public key does not hash to that output.
    const [first] = await spendable(from)
    const own = await transfer(account(2).payment, account(2).payment.address, 1_000_000n)
    const stolen = RawTx.decode(hex.decode(own.hex))
    stolen.inputs = stolen.inputs.map((input, i) =>
      i === 0 ? { ...input, txid: hex.decode(first?.txid ?? ''), index: first?.vout ?? 0 } : input,
    )
    const thief = await rejection(hex.encode(RawTx.encode(stolen)))
    expect(thief.error).toMatch(/input 0: .*witness program mismatch/)

    const unknown = buildTransfer({
      key: from,
      utxos: [{ txid: 'ab'.repeat(32), vout: 0, value: 50_000_000n, script: from.script }],
      payments: [{ script: account(2).payment.script, value: 1_000_000n }],
      feeRate: 2,
    })
    expect(await rejection(unknown.hex)).toEqual({
      reason: 'bad-txns-inputs-missingorspent',
      error: `bad-txns-inputs-missingorspent: input 0 spends ${'ab'.repeat(32)}:0, which does not exist`,
    })
    expect(await get(`/address/${from.address}/utxo`)).toEqual(utxosBefore)

    // Two transactions spending the same output: the second one conflicts with the first.
    const utxo = (await spendable(from))[0] as SpendableOutput
    const one = await transfer(from, account(2).payment.address, 1_000_000n, [utxo])
    const two = await transfer(from, account(3).payment.address, 2_000_000n, [utxo])
    expect((await broadcast(one.hex)).status).toBe(200)
    const conflict = await rejection(two.hex)
    expect(conflict.reason).toBe('txn-mempool-conflict')
    expect(conflict.error).toContain(`already spent by ${one.txid} in the mempool`)
    await mine()
    const spent = await rejection(two.hex)
    expect(spent.reason).toBe('bad-txns-inputs-missingorspent')
    expect(spent.error).toContain(`already spent by ${one.txid} in block`)
    expect(await get(`/tx/${two.txid}`).catch((e: Error) => e.message)).toMatch(/answered 404/)
    // The same transaction twice is refused too.
    expect((await rejection(one.hex)).reason).toBe('txn-already-known')
  })

  it('refuses what a node would not relay: a fee under 1 sat/vB, dust, an immature coinbase', async () => {
    const from = account(3).payment
    const cheap = buildTransfer({
      key: from,
      utxos: await spendable(from),
      payments: [{ script: account(0).payment.script, value: 100_000n }],
      feeRate: 0.5,
    })
    expect((await rejection(cheap.hex)).reason).toBe('min relay fee not met')
    const dust = await transfer(from, account(0).payment.address, 100n)
    expect((await rejection(dust.hex)).error).toBe('dust: output 0 (100 sat) is below 294 sat')

    // A coinbase mined to the account can be spent 100 blocks later, not before.
    const { height } = await mine({ address: account(3).payment.address })
    const coinbase = (await get<Utxo[]>(`/address/${from.address}/utxo`)).find(
      (u) => u.status.block_height === height && u.value >= 50 * 100_000_000,
    ) as Utxo
    const early = await transfer(from, account(0).payment.address, 100_000n, [
      {
        txid: coinbase.txid,
        vout: coinbase.vout,
        value: BigInt(coinbase.value),
        script: from.script,
      },
    ])
    expect(await rejection(early.hex)).toMatchObject({
      reason: 'bad-txns-premature-spend-of-coinbase',
    })
    await mine({ blocks: 99 })
    expect((await broadcast(early.hex)).status).toBe(200)
  })

  it('answers bad REST input with a 4xx and a reason', async () => {
    const check = async (path: string, status: number, error: RegExp, init?: RequestInit) => {
      const response = await fetch(`${esplora}${path}`, init)
      expect(response.status).toBe(status)
      expect((await response.json()).error).toMatch(error)
    }
    await check('/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/utxo', 400, /invalid address/)
    await check(`/address/${account(0).payment.address.slice(0, -1)}x`, 400, /invalid address/)
    await check('/tx/xyz/status', 400, /invalid txid/)
    await check(`/tx/${'00'.repeat(32)}`, 404, /Transaction not found/)
    await check('/block-height/99999', 404, /Block not found/)
    await check('/block-height/-1', 400, /invalid height/)
    await check('/tx', 400, /TX decode failed/, { method: 'POST', body: 'zz' })
    await check('/tx', 400, /TX decode failed/, { method: 'POST', body: '0200000001' })
    await check('/__devnet/mine', 400, /invalid blocks/, { method: 'POST', body: '{"blocks":0}' })
    await check('/nope', 404, /no route/)
    // Upper-case bech32 is the same address.
    const upper = account(0).payment.address.toUpperCase()
    expect((await get<{ address: string }>(`/address/${upper}`)).address).toBe(
      account(0).payment.address,
    )
  })

  it('funds any address from the faucet, mined at once', async () => {
    const address = account(0).ordinals.address
    const before = devnet.bitcoin.balance(address)
    const response = await fetch(`${esplora}/__devnet/fund`, {
      method: 'POST',
      body: JSON.stringify({ address, value: 12_345 }),
    })
    expect(response.status).toBe(200)
    const funded = (await response.json()) as { txid: string }
    expect(await get(`/tx/${funded.txid}/status`)).toMatchObject({ confirmed: true })
    expect(devnet.bitcoin.balance(address)).toBe(before + 12_345n)
    const fees = await get<Record<string, number>>('/fee-estimates')
    expect(Object.keys(fees)).toEqual(expect.arrayContaining(['1', '6', '144', '1008']))
    expect(Object.values(fees).every((rate) => rate >= 1)).toBe(true)
  })

  it('makes BIP-322 signatures (payment and ordinals) that bip322-js verifies', () => {
    const message = 'Sign in to Portico devnet\nNonce: 8f2a61'
    for (const purpose of ['payment', 'ordinals'] as const) {
      const key = account(0)[purpose]
      const signature = signBip322(key, message)
      expect(Verifier.verifySignature(key.address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(key.address, `${message}!`, signature)).toBe(false)
      expect(Verifier.verifySignature(account(1)[purpose].address, message, signature)).toBe(false)
    }
    const legacy = signLegacyMessage(account(0).payment, message)
    expect(Verifier.verifySignature(account(0).payment.address, message, legacy)).toBe(true)
  })

  it('signs PSBT inputs with the wallet (sats-connect signPsbt) and broadcasts them', async () => {
    const core = createBitcoinWalletCore({
      esploraUrl: esplora,
      autoApprove: true,
      accountCount: 2,
    })
    const provider = createSatsConnectProvider(core)
    // The wallet's "Account" control on its second account.
    await core.ready
    core.selectAccount(1)
    const from = account(1).ordinals
    const psbtFor = async () => {
      const [utxo] = await spendable(from)
      const tx = new Transaction()
      tx.addInput({
        txid: utxo?.txid as string,
        index: utxo?.vout as number,
        witnessUtxo: { script: from.script, amount: utxo?.value as bigint },
      })
      tx.addOutput({ script: account(0).payment.script, amount: 40_000n })
      tx.addOutput({ script: from.script, amount: (utxo?.value as bigint) - 40_000n - 500n })
      return Buffer.from(tx.toPSBT()).toString('base64')
    }
    const psbt = await psbtFor()
    // Not connected yet: the site may not use the address.
    expect(
      await provider.request('signPsbt', { psbt, signInputs: { [from.address]: [0] } }),
    ).toMatchObject({ error: { code: -32002 } })

    const accounts = await provider.request('getAccounts', { purposes: ['ordinals'] })
    expect(accounts).toMatchObject({ result: [{ address: from.address, purpose: 'ordinals' }] })
    const signed = (await provider.request('signPsbt', {
      psbt,
      signInputs: { [from.address]: [0] },
      broadcast: true,
    })) as { result: { psbt: string; txid: string } }
    expect(signed.result.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await get(`/tx/${signed.result.txid}/status`)).toEqual({ confirmed: false })
    const finalized = Transaction.fromPSBT(Buffer.from(signed.result.psbt, 'base64'))
    expect(finalized.id).toBe(signed.result.txid)

    // The legacy (BIP-137) signature the provider makes on request verifies too.
    await provider.request('getAccounts', { purposes: ['payment'] })
    const legacy = (await provider.request('signMessage', {
      address: account(1).payment.address,
      message: 'legacy',
      protocol: 'ECDSA',
    })) as { result: { signature: string } }
    expect(
      Verifier.verifySignature(account(1).payment.address, 'legacy', legacy.result.signature),
    ).toBe(true)
  })

  it('starts every devnet of a process from its own copy of the seeded chain', async () => {
    const other = await createBitcoinChain({ mnemonic: devnet.mnemonic, accountCount: 4 })
    expect(other.ledger.tip().hash).toBe(devnet.bitcoin.ledger.blockAt(101)?.hash)
    expect(other.ledger.tip().height).toBe(101)
    // What happened on this devnet since is not in the copy, and the copy's blocks stay its own.
    const later = devnet.bitcoin.ledger.blockAt(102)?.txids[0] as string
    expect(other.ledger.transaction(later)).toBeUndefined()
    const tip = devnet.bitcoin.ledger.tip().height
    other.mine(5)
    expect(devnet.bitcoin.ledger.tip().height).toBe(tip)
    expect(other.ledger.tip().height).toBe(106)
  })
})
