import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, type ProfileAccount, startDevnet } from '../src/index.js'
import { api, apiJson, CONTROL_HEADERS, FREE_PORTS, postJson } from './helpers.js'

let devnet: Devnet
// Every port free, the WalletConnect relay's included (a variable: older devnets lack the option).
const PORTS = { ...FREE_PORTS, relay: 0 }

beforeAll(async () => {
  devnet = await startDevnet({ ports: PORTS })
})

afterAll(async () => {
  await devnet?.stop()
})

const now = () => Math.floor(Date.now() / 1000)

/** The registration body the SDK sends: a JSON message binding name, address and time, signed. */
async function registration(
  name: string,
  options: {
    key?: Hex
    signer?: Hex
    address?: string
    timestamp?: number
    attributes?: Record<string, string>
  } = {},
) {
  const account = privateKeyToAccount(options.key ?? generatePrivateKey())
  const message = JSON.stringify({
    name,
    address: options.address ?? account.address,
    timestamp: options.timestamp ?? now(),
    ...(options.attributes ? { attributes: options.attributes } : {}),
  })
  const signer = options.signer ? privateKeyToAccount(options.signer) : account
  return {
    coin_type: 60,
    address: account.address,
    message,
    signature: await signer.signMessage({ message }),
  }
}

function register(body: unknown) {
  return api(devnet, '/v1/profile/account', postJson(body))
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ error })
}

describe('profile (account names)', () => {
  it('registers a signed name; resolve, reverse and identity answer with it at once', async () => {
    const body = await registration('Alice-01.reown.id', {
      attributes: { avatar: 'https://example.invalid/alice.png', bio: 'hi' },
    })
    const before = now()
    const response = await register(body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })

    const profile = await apiJson<ProfileAccount>(
      devnet,
      '/v1/profile/account/alice-01.reown.id?apiVersion=2',
    )
    expect(profile).toEqual({
      name: 'alice-01.reown.id',
      registered: expect.any(Number),
      updated: profile.registered,
      addresses: { '60': { address: body.address } },
      attributes: { avatar: 'https://example.invalid/alice.png', bio: 'hi' },
    })
    expect(profile.registered).toBeGreaterThanOrEqual(before - 1)
    expect(profile.registered).toBeLessThanOrEqual(now())

    const reverse = await apiJson<ProfileAccount[]>(
      devnet,
      `/v1/profile/reverse/${body.address.toLowerCase()}?sender=${body.address}&apiVersion=2`,
    )
    expect(reverse).toEqual([profile])
    expect(await apiJson(devnet, `/v1/identity/${body.address}`)).toEqual({
      name: 'alice-01.reown.id',
      avatar: 'https://example.invalid/alice.png',
    })
  })

  it('answers 404 for an unknown name and [] for an address without names', async () => {
    const unknown = await api(devnet, '/v1/profile/account/nobody-here.reown.id?apiVersion=2')
    await expectError(unknown, 404, 'name not found')
    const address = privateKeyToAccount(generatePrivateKey()).address
    expect(await apiJson(devnet, `/v1/profile/reverse/${address}?apiVersion=2`)).toEqual([])
    expect((await api(devnet, '/v1/profile/reverse/0x12?apiVersion=2')).status).toBe(400)
  })

  it('refuses a taken name with 409 and lets its owner update it', async () => {
    const key = generatePrivateKey()
    expect((await register(await registration('taken.reown.id', { key }))).status).toBe(200)
    await expectError(await register(await registration('taken.reown.id')), 409, 'name taken')

    const update = await registration('taken.reown.id', { key, attributes: { bio: 'new' } })
    expect((await register(update)).status).toBe(200)
    const profile = await apiJson<ProfileAccount>(devnet, '/v1/profile/account/taken.reown.id')
    expect(profile.attributes).toEqual({ bio: 'new' })
    expect(profile.addresses['60']?.address).toBe(update.address)
  })

  it('refuses a signature that is not the address’s with 401', async () => {
    const wrongKey = await registration('forged.reown.id', { signer: generatePrivateKey() })
    await expectError(await register(wrongKey), 401, 'invalid signature')
    const body = await registration('forged.reown.id')
    await expectError(await register({ ...body, signature: '0x1234' }), 401, 'invalid signature')
    await expectError(await register({ ...body, signature: 'nope' }), 401, 'invalid signature')
    // The signature is over the exact message string.
    const reworded = { ...body, message: body.message.replace('{', '{ ') }
    await expectError(await register(reworded), 401, 'invalid signature')
    expect((await api(devnet, '/v1/profile/account/forged.reown.id')).status).toBe(404)
  })

  it('refuses names outside the rule with 400: short, spaces, emoji, direction marks, zones', async () => {
    for (const name of [
      'abc.reown.id',
      'al ice.reown.id',
      'ali😀ce.reown.id',
      '\u200Falice.reown.id',
      'alice\u200E.reown.id',
      'alice_b.reown.id',
      'alice.wcn.id',
      'alice.eth',
      'alice',
      '.reown.id',
      `${'a'.repeat(64)}.reown.id`,
    ]) {
      const response = await register(await registration(name))
      expect(response.status, name).toBe(400)
      expect(await response.json(), name).toEqual({ error: 'invalid name' })
    }
    expect((await register(await registration('abcd.reown.id'))).status).toBe(200)
  })

  it('refuses malformed bodies and messages, other addresses and stale timestamps with 400', async () => {
    const body = await registration('bodycheck.reown.id')
    await expectError(await register({ ...body, coin_type: 0 }), 400, 'unsupported coin_type')
    await expectError(await register({ ...body, address: '0x12' }), 400, 'invalid address')
    await expectError(await register({ ...body, message: 42 }), 400, 'invalid message')
    await expectError(await register({ ...body, message: 'alice' }), 400, 'invalid message')

    const other = privateKeyToAccount(generatePrivateKey()).address
    const mismatch = await registration('bodycheck.reown.id', { address: other })
    await expectError(await register(mismatch), 400, 'address mismatch')

    for (const timestamp of [now() - 11 * 60, now() + 11 * 60, Date.now()]) {
      const stale = await registration('bodycheck.reown.id', { timestamp })
      await expectError(await register(stale), 400, 'timestamp out of range')
    }
    const attributes = await registration('bodycheck.reown.id', { attributes: { owner: 'x' } })
    await expectError(await register(attributes), 400, 'invalid attributes')

    const withinWindow = await registration('bodycheck.reown.id', { timestamp: now() - 9 * 60 })
    expect((await register(withinWindow)).status).toBe(200)
  })

  it('suggests the name, then free variants of a taken one', async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address
    devnet.names.register('carol.reown.id', owner)
    // Pre-registered without a signature, as tests do through the control route.
    const preRegistered = await fetch(
      `${devnet.apiUrl}/__devnet/names`,
      postJson({ name: 'carol1.reown.id', address: owner }, CONTROL_HEADERS),
    )
    expect(preRegistered.status).toBe(200)

    const taken = await apiJson(devnet, '/v1/profile/suggestions/carol?zone=reown.id')
    expect(taken).toEqual({
      suggestions: [
        { name: 'carol.reown.id', registered: true },
        { name: 'carol-2.reown.id', registered: false },
        { name: 'carol3.reown.id', registered: false },
        { name: 'carol-4.reown.id', registered: false },
        { name: 'carol5.reown.id', registered: false },
      ],
    })
    expect(await apiJson(devnet, '/v1/profile/suggestions/Carol.reown.id?zone=reown.id')).toEqual(
      taken,
    )
    expect(await apiJson(devnet, '/v1/profile/suggestions/dave?zone=reown.id')).toEqual({
      suggestions: [{ name: 'dave.reown.id', registered: false }],
    })
    const spaced = await api(devnet, `/v1/profile/suggestions/${encodeURIComponent('da ve')}`)
    await expectError(spaced, 400, 'invalid name')
  })

  it('reads legacy .wcn.id names and lists an address’s names newest first', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    devnet.names.register('erin.wcn.id', address)
    expect((await register(await registration('erin.reown.id', { key }))).status).toBe(200)

    const legacy = await apiJson<ProfileAccount>(devnet, '/v1/profile/account/erin.wcn.id')
    expect(legacy.addresses['60']?.address).toBe(address)
    const names = await apiJson<ProfileAccount[]>(devnet, `/v1/profile/reverse/${address}`)
    expect(names.map((n) => n.name)).toEqual(['erin.reown.id', 'erin.wcn.id'])
    // The newly registered name becomes the address's primary one.
    expect(await apiJson(devnet, `/v1/identity/${address}`)).toMatchObject({
      name: 'erin.reown.id',
    })
  })

  it('needs the project id like every API route', async () => {
    const bare = await fetch(`${devnet.apiUrl}/v1/profile/account/alice.reown.id`)
    await expectError(bare, 400, 'missing projectId')
    const post = await fetch(
      `${devnet.apiUrl}/v1/profile/account`,
      postJson(await registration('noproject.reown.id')),
    )
    await expectError(post, 400, 'missing projectId')
  })
})
