import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { type Relay, startRelay } from '../src/sites/relay/index.js'

type Push = { id: number; method: string; params: { id: string; data: Record<string, unknown> } }

/** A raw relay client: JSON-RPC requests, the pushes it receives, manual acknowledgements. */
async function rawClient(relay: Relay, clientId: string, options: { autoAck?: boolean } = {}) {
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
  const claims = Buffer.from(JSON.stringify({ iss: clientId, sub: 'x', aud: relay.url })).toString(
    'base64url',
  )
  const socket = new WebSocket(`${relay.url}/?auth=${header}.${claims}.sig&projectId=anything`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  let nextId = 1
  const answers = new Map<number, (payload: { result?: unknown; error?: unknown }) => void>()
  const pushes: Push[] = []
  const pushWaiters: (() => void)[] = []
  socket.on('message', (raw) => {
    const payload = JSON.parse(raw.toString())
    if (payload.method === 'irn_subscription') {
      pushes.push(payload)
      if (options.autoAck !== false) {
        socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      }
      for (const waiter of pushWaiters.splice(0)) waiter()
      return
    }
    answers.get(payload.id)?.(payload)
  })
  return {
    pushes,
    async request(method: string, params: unknown) {
      const id = nextId++
      const answer = new Promise<{ result?: unknown; error?: { code: number } }>((resolve) =>
        answers.set(id, resolve as never),
      )
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return answer
    },
    /** Resolves once `count` pushes have arrived in total. */
    async pushCount(count: number) {
      while (pushes.length < count) await new Promise<void>((resolve) => pushWaiters.push(resolve))
      return pushes
    },
    ack(push: Push) {
      socket.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
    },
    close() {
      return new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      })
    },
  }
}

type RawClient = Awaited<ReturnType<typeof rawClient>>

const topic = (n: number) => n.toString(16).padStart(64, '0')

let relay: Relay
const clients: RawClient[] = []

async function client(id: string, options?: { autoAck?: boolean }) {
  const c = await rawClient(relay, id, options)
  clients.push(c)
  return c
}

beforeAll(async () => {
  relay = await startRelay()
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

afterAll(async () => {
  await relay.close()
})

describe('devnet WalletConnect relay', () => {
  it('subscribes, publishes and delivers irn_subscription to other subscribers only', async () => {
    const alice = await client('did:key:alice')
    const bob = await client('did:key:bob')
    const aliceSub = await alice.request('irn_subscribe', { topic: topic(1) })
    const bobSub = await bob.request('irn_subscribe', { topic: topic(1) })
    expect(aliceSub.result).toMatch(/^[0-9a-f]{64}$/)
    expect(bobSub.result).not.toBe(aliceSub.result)

    const published = await alice.request('irn_publish', {
      topic: topic(1),
      message: 'hello',
      ttl: 300,
      tag: 1108,
    })
    expect(published.result).toBe(true)
    const [push] = await bob.pushCount(1)
    expect(push?.params.id).toBe(bobSub.result)
    expect(push?.params.data).toEqual({
      topic: topic(1),
      message: 'hello',
      publishedAt: expect.any(Number),
      tag: 1108,
    })
    // The publisher does not get its own message back.
    await bob.request('irn_publish', { topic: topic(1), message: 'hi back', ttl: 300 })
    await alice.pushCount(1)
    expect(alice.pushes.map((p) => p.params.data.message)).toEqual(['hi back'])
    expect(bob.pushes.map((p) => p.params.data.message)).toEqual(['hello'])
  })

  it('keeps messages for a late subscriber, and does not deliver an acknowledged one again', async () => {
    const dapp = await client('did:key:dapp')
    await dapp.request('irn_publish', { topic: topic(2), message: 'stored', ttl: 300 })
    expect(relay.messages(topic(2)).map((m) => m.message)).toEqual(['stored'])

    const wallet = await client('did:key:wallet')
    await wallet.request('irn_subscribe', { topic: topic(2) })
    const [push] = await wallet.pushCount(1)
    expect(push?.params.data.message).toBe('stored')
    await wallet.close()

    // The same client reconnecting (same JWT iss) has acknowledged it: nothing is resent, but a
    // new message is delivered.
    const again = await client('did:key:wallet')
    await again.request('irn_subscribe', { topic: topic(2) })
    await dapp.request('irn_publish', { topic: topic(2), message: 'second', ttl: 300 })
    await again.pushCount(1)
    expect(again.pushes.map((p) => p.params.data.message)).toEqual(['second'])
  })

  it('resends a message that was not acknowledged when the client subscribes again', async () => {
    const dapp = await client('did:key:dapp2')
    const wallet = await client('did:key:wallet2', { autoAck: false })
    await wallet.request('irn_subscribe', { topic: topic(3) })
    await dapp.request('irn_publish', { topic: topic(3), message: 'unacked', ttl: 300 })
    await wallet.pushCount(1)
    await wallet.close()

    const again = await client('did:key:wallet2')
    await again.request('irn_subscribe', { topic: topic(3) })
    const [push] = await again.pushCount(1)
    expect(push?.params.data.message).toBe('unacked')
  })

  it('answers batchSubscribe, batchFetchMessages and batchUnsubscribe', async () => {
    const dapp = await client('did:key:dapp4')
    await dapp.request('irn_publish', { topic: topic(5), message: 'five', ttl: 300 })
    await dapp.request('irn_publish', { topic: topic(6), message: 'six', ttl: 300 })

    const wallet = await client('did:key:wallet4', { autoAck: false })
    const fetched = await wallet.request('irn_batchFetchMessages', { topics: [topic(5), topic(6)] })
    expect(fetched.result).toEqual({
      messages: [
        expect.objectContaining({ topic: topic(5), message: 'five' }),
        expect.objectContaining({ topic: topic(6), message: 'six' }),
      ],
      hasMore: false,
    })
    // Fetched counts as received: a later subscribe does not push them again.
    const subscribed = await wallet.request('irn_batchSubscribe', { topics: [topic(5), topic(6)] })
    expect(subscribed.result).toEqual([expect.any(String), expect.any(String)])
    expect(relay.stats().subscriptions).toBeGreaterThanOrEqual(2)
    await dapp.request('irn_publish', { topic: topic(6), message: 'six again', ttl: 300 })
    await wallet.pushCount(1)
    expect(wallet.pushes.map((p) => p.params.data.message)).toEqual(['six again'])

    const unsubscribed = await wallet.request('irn_batchUnsubscribe', {
      subscriptions: [
        { topic: topic(5), id: 'a' },
        { topic: topic(6), id: 'b' },
      ],
    })
    expect(unsubscribed.result).toBe(true)
    await dapp.request('irn_publish', { topic: topic(6), message: 'not delivered', ttl: 300 })
    // A round trip on the wallet's socket: anything pushed before its answer has arrived.
    await wallet.request('irn_unsubscribe', { topic: topic(6), id: 'b' })
    expect(wallet.pushes).toHaveLength(1)
  })

  it('wc_proposeSession stores the proposal and subscribes the dapp to the pairing topic', async () => {
    const dapp = await client('did:key:dapp5')
    const pairing = topic(7)
    const session = topic(8)
    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic: pairing,
      sessionProposal: 'proposal',
      ttl: 300,
      attestation: 'jwt',
    })
    expect(proposed.result).toBe(true)

    const wallet = await client('did:key:wallet5')
    await wallet.request('irn_subscribe', { topic: pairing })
    const [proposal] = await wallet.pushCount(1)
    expect(proposal?.params.data).toMatchObject({ message: 'proposal', attestation: 'jwt' })

    const approved = await wallet.request('wc_approveSession', {
      pairingTopic: pairing,
      sessionTopic: session,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect(approved.result).toBe(true)
    // The dapp was subscribed to the pairing topic by wc_proposeSession.
    const [response] = await dapp.pushCount(1)
    expect(response?.params.data).toMatchObject({ topic: pairing, message: 'response' })
    // The settlement waits on the session topic for the dapp.
    await dapp.request('irn_subscribe', { topic: session })
    const pushes = await dapp.pushCount(2)
    expect(pushes[1]?.params.data).toMatchObject({ topic: session, message: 'settle' })
    // The wallet was subscribed to the session topic by wc_approveSession.
    await dapp.request('irn_publish', { topic: session, message: 'settled', ttl: 300 })
    const walletPushes = await wallet.pushCount(2)
    expect(walletPushes[1]?.params.data).toMatchObject({ topic: session, message: 'settled' })
  })

  it('answers errors for unknown methods and bad params, and keeps going', async () => {
    const c = await client('did:key:errors')
    expect((await c.request('irn_nope', {})).error).toMatchObject({ code: -32601 })
    expect((await c.request('irn_subscribe', { topic: 5 })).error).toMatchObject({ code: -32602 })
    expect((await c.request('irn_publish', { topic: topic(9) })).error).toMatchObject({
      code: -32602,
    })
    expect((await c.request('irn_subscribe', { topic: topic(9) })).result).toEqual(
      expect.any(String),
    )
  })

  it('refuses its socket until restored, keeping what it stored', async () => {
    const own = await startRelay()
    try {
      const early = await rawClient(own, 'did:key:early')
      await early.request('irn_publish', { topic: topic(20), message: 'kept', ttl: 300 })
      own.refuse()
      expect(own.stats()).toMatchObject({ refused: 'reject', messages: 1 })
      // Open sockets drop, as when a relay goes down.
      await early.close()
      await vi.waitFor(() => expect(own.stats().connections).toBe(0))
      await expect(rawClient(own, 'did:key:refused')).rejects.toThrow(
        'Unexpected server response: 503',
      )
      expect(own.stats().turnedAway).toBe(1)
      // The page on its port is still served.
      expect((await fetch(own.url.replace(/^ws/, 'http'))).status).toBe(426)

      own.refuse('hang')
      const socket = new WebSocket(`${own.url}/?projectId=x`)
      const settled = new Promise<string>((resolve) => {
        socket.once('open', () => resolve('open'))
        socket.once('error', () => resolve('error'))
      })
      // A hung upgrade is held: it neither opens nor fails on its own.
      await vi.waitFor(() => expect(own.stats().held).toBe(1))
      expect(own.stats().turnedAway).toBe(2)
      expect(socket.readyState).toBe(WebSocket.CONNECTING)
      own.restore()
      expect(own.stats().held).toBe(0)
      expect(await settled).toBe('error')
      expect(own.stats().refused).toBeUndefined()

      const late = await rawClient(own, 'did:key:late')
      await late.request('irn_subscribe', { topic: topic(20) })
      const [push] = await late.pushCount(1)
      expect(push?.params.data.message).toBe('kept')
      await late.close()
      expect(() => own.refuse('drop' as never)).toThrow('unknown refusal drop')
    } finally {
      await own.close()
    }
  })

  it('close() ends every socket', async () => {
    const own = await startRelay()
    const c = await rawClient(own, 'did:key:closing')
    expect(own.stats().connections).toBe(1)
    await own.close()
    await c.close()
    expect(own.stats().connections).toBe(0)
    await expect(rawClient(own, 'did:key:late')).rejects.toThrow()
  })
})
