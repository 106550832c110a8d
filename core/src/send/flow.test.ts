// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter, PrepareTransferParameters } from '../adapters/index.js'
import type { TokenBalance } from '../balances/index.js'
import { createPortico, type PorticoOptions } from '../client/index.js'
import { PorticoError } from '../errors/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { rejection } from '../test-utils/auth.js'
import { TEST_ACCOUNTS } from '../test-utils/fakeWallet.js'
import { sendCodeLoaded } from '../test-utils/sendForm.js'

// Sending from the form to a mined transfer. The wallet (a chain adapter) and the name service
// are the edge of the world: the wallet can refuse or its transfer revert, the service can fail.

const networks = [
  {
    id: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { http: ['http://127.0.0.1:9'] },
  },
] as const satisfies PorticoOptions['networks']

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: `eip155:31337:${TOKEN}`,
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
  iconUrl: '',
}
const HASH = `0x${'1'.repeat(64)}`
const ALICE = TEST_ACCOUNTS[1]
/** An address typed by hand, that no name stands for. */
const BOB = `0x${'b0'.repeat(20)}`

/**
 * Lets every answer the services already gave be handled (they go through promises only), so a
 * test can say that a late answer changed nothing.
 */
async function settle() {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve))
}

type Names = {
  status?: number
  address?: string
  avatar?: string | null
  identityStatus?: number
  /** The identity service cannot be reached at all. */
  identityDown?: boolean
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

type Edge = { transfers?: boolean; chainReference?: string }

function setup(options: Partial<PorticoOptions> = {}, edge: Edge = {}) {
  const prepared: PrepareTransferParameters[] = []
  const wallet = {
    refuse: false,
    revert: false,
    fail: false,
  }
  const names: Names = { address: ALICE, avatar: 'https://img.test/alice.png' }
  const asked: string[] = []
  const full: URL[] = []
  /** Answers of the name and identity services held by a test, by the name or address asked. */
  const held = new Map<string, Promise<void>>()
  const native = { reads: 0 }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    isAddress: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
    connection: {
      connect: async () => ({
        addresses: [TEST_ACCOUNTS[0]],
        chainReference: edge.chainReference ?? '31337',
      }),
      reconnect: async () => undefined,
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
    },
    signing: { request: async () => null, signMessage: async () => '0x' },
    balances: {
      getNativeBalance: async () => {
        native.reads++
        return { value: 2n * 10n ** 18n, decimals: 18, symbol: 'ETH', formatted: '2' }
      },
    },
    transfers: {
      prepareTransfer: async (p) => {
        prepared.push(p)
        return {
          chainId: p.network.id,
          from: p.from,
          request: { to: p.to, chainId: p.network.id },
          fee: { value: 1n, formatted: '0.000000000000000001', symbol: 'ETH' },
        }
      },
      sendTransfer: async () => {
        if (wallet.refuse) throw new PorticoError('USER_REJECTED', 'The wallet rejected the send')
        if (wallet.fail) throw new Error('nonce too low')
        return HASH
      },
      waitForTransfer: async (hash) => ({
        hash,
        status: wallet.revert ? 'reverted' : 'success',
      }),
    },
  }
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input))
    asked.push(url.pathname)
    full.push(url)
    await held.get(decodeURIComponent(url.pathname.split('/').pop() ?? ''))
    if (url.pathname.startsWith('/v1/profile/account/')) {
      if (names.status) return Response.json({}, { status: names.status })
      if (!names.address) return Response.json({}, { status: 404 })
      return Response.json({
        name: url.pathname.split('/').pop(),
        addresses: { '60': { address: names.address } },
        attributes: {},
      })
    }
    if (url.pathname === '/v1/supported-chains') {
      return Response.json({ http: ['eip155:31337'], ws: [] })
    }
    if (url.pathname.endsWith('/balance')) return Response.json({ balances: [] })
    if (url.pathname.endsWith('/history')) return Response.json({ data: [], next: null })
    if (url.pathname.startsWith('/v1/identity/')) {
      if (names.identityDown) throw new TypeError('Failed to fetch')
      if (names.identityStatus) return Response.json({}, { status: names.identityStatus })
      return Response.json({ name: null, avatar: names.avatar })
    }
    return Response.json({}, { status: 404 })
  }
  if (edge.transfers === false) delete adapter.transfers
  const client = createPortico({
    projectId: 'p',
    networks,
    storage: createMemoryStorage(),
    logLevel: 'silent',
    apiUrls: { blockchain: 'http://api.test', toolkit: 'http://api.test' },
    fetch,
    connectors: [{ id: 'wallet', name: 'Wallet', provider: { request: async () => null } }],
    adapters: { eip155: async () => adapter },
    ...options,
  })
  cleanups.push(() => client.destroy())
  /** Holds the services' answer about `key` (a name or an address) until the returned call. */
  function hold(key: string) {
    let open!: () => void
    held.set(
      key,
      new Promise<void>((resolve) => {
        open = resolve
      }),
    )
    return () => {
      held.delete(key)
      open()
    }
  }
  return { client, prepared, wallet, names, asked, full, native, hold }
}

async function connected(options?: Partial<PorticoOptions>, edge?: Edge) {
  const setupResult = setup(options, edge)
  await setupResult.client.connection.connect({ connectorId: 'wallet' })
  return setupResult
}

describe('the form checked as a whole', () => {
  it("needs an amount and a receiver: 'An amount and receiver address are required'", async () => {
    const { client, prepared } = await connected()
    client.send.setToken(usdc)
    for (const [amount, receiver] of [
      ['', ALICE],
      ['1', ''],
      ['  ', '  '],
      ['  ', ALICE],
      ['1', '  '],
    ]) {
      client.send.setAmount(amount as string)
      client.send.setReceiver(receiver as string)
      const error = await rejection(client.send.preview())
      expect(error).toMatchObject({
        code: 'SEND_AMOUNT_AND_RECEIVER_REQUIRED',
        message: 'An amount and receiver address are required',
      })
    }
    expect(prepared).toEqual([])
  })

  it("needs a token: 'A token is required'", async () => {
    const { client } = await connected()
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const error = await rejection(client.send.send())
    expect(error).toMatchObject({ code: 'SEND_TOKEN_REQUIRED', message: 'A token is required' })
    expect(client.send.$send.get().status).toBe('error')
  })

  it("needs a connected wallet: 'No ActiveCaipAddress found'", async () => {
    const { client } = setup()
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const error = await rejection(client.send.preview())
    expect(error).toMatchObject({
      code: 'NO_ACTIVE_CAIP_ADDRESS',
      message: 'No ActiveCaipAddress found',
    })
  })

  it("a wallet whose chain cannot send: 'No ActiveCaipAddress found'", async () => {
    const { client } = await connected({}, { transfers: false })
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const error = await rejection(client.send.preview())
    expect(error).toMatchObject({ code: 'NO_ACTIVE_CAIP_ADDRESS' })
  })

  it('a wallet on a network the app does not list: the unsupported chain error', async () => {
    const { client, prepared } = await connected({}, { chainReference: '999' })
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const error = await rejection(client.send.preview())
    expect(error).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    expect(prepared).toEqual([])
  })

  it('an amount over the balance, or with too many decimals, is refused with its message', async () => {
    const { client, prepared } = await connected()
    await sendCodeLoaded(client)
    client.send.setToken(usdc)
    client.send.setReceiver(ALICE)
    client.send.setAmount('12.6')
    expect(client.send.$errors.get()).toEqual({ amount: { key: 'send.overBalance' } })
    const error = await rejection(client.send.preview())
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The send form is not valid',
      details: { message: { key: 'send.overBalance' } },
    })
    client.send.setAmount('1.0000001')
    expect((await rejection(client.send.preview())).details).toEqual({
      message: { key: 'send.tooManyDecimals', params: { decimals: 6 } },
    })
    client.send.setReceiver('0x1234')
    client.send.setAmount('1')
    expect((await rejection(client.send.preview())).details).toEqual({
      message: { key: 'send.invalidAddress' },
    })
    expect(prepared).toEqual([])
    // Max: the whole balance, which passes.
    client.send.setReceiver(ALICE)
    client.send.setMax()
    expect(client.send.$state.get().amount).toBe('12.5')
    await client.send.preview()
    expect(prepared[0]).toMatchObject({ amount: 12_500_000n, to: ALICE, tokenAddress: TOKEN })
  })

  it('a new form, and a reset one, is empty and not looking anything up', async () => {
    const { client } = await connected()
    const empty = {
      token: undefined,
      amount: '',
      receiver: '',
      resolved: undefined,
      resolving: false,
      prepared: undefined,
    }
    expect(client.send.$state.get()).toEqual(empty)
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver('alice')
    client.send.reset()
    expect(client.send.$state.get()).toEqual(empty)
    // After a mined transfer too.
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    await client.send.send()
    expect(client.send.$state.get()).toEqual(empty)
  })

  it('a receiver of spaces only is not an error yet, like an empty one', () => {
    const { client } = setup()
    client.send.setReceiver('   ')
    expect(client.send.$errors.get()).toEqual({})
    expect(client.send.$state.get().resolving).toBe(false)
  })

  it('setMax without a token leaves the amount alone', () => {
    const { client } = setup()
    client.send.setAmount('3')
    client.send.setMax()
    expect(client.send.$state.get().amount).toBe('3')
  })
})

describe('a receiver name', () => {
  it('is looked up 300 ms after the last keystroke, with its avatar', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, asked } = setup()
    await sendCodeLoaded(client)
    client.send.setReceiver('ali')
    client.send.setReceiver('alice')
    expect(client.send.$state.get()).toMatchObject({ resolving: true, resolved: undefined })
    // No "not found" while it is looked up.
    expect(client.send.$errors.get()).toEqual({})
    await vi.advanceTimersByTimeAsync(299)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    await vi.waitFor(() =>
      expect(client.send.$state.get().resolved).toEqual({
        address: ALICE,
        name: 'alice.reown.id',
        avatar: 'https://img.test/alice.png',
      }),
    )
    expect(client.send.$state.get().resolving).toBe(false)
    expect(asked.filter((p) => p.startsWith('/v1/profile/account/'))).toEqual([
      '/v1/profile/account/alice.reown.id',
    ])
  })

  it('a name without an avatar, or whose avatar cannot be fetched, resolves without one', async () => {
    const { client, names } = setup()
    names.avatar = null
    client.send.setReceiver('alice')
    await vi.waitFor(() =>
      expect(client.send.$state.get().resolved).toEqual({ address: ALICE, name: 'alice.reown.id' }),
    )
    names.avatar = 'https://img.test/alice.png'
    names.identityStatus = 503
    client.send.setReceiver('alicia')
    await vi.waitFor(() =>
      expect(client.send.$state.get().resolved).toEqual({
        address: ALICE,
        name: 'alicia.reown.id',
      }),
    )
    expect(client.send.$state.get().resolving).toBe(false)
  })

  it('an avatar that cannot be fetched leaves the receiver resolved, without an avatar', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { client, names, hold } = setup({ logLevel: 'warn' })
    names.identityDown = true
    const answer = hold(ALICE)
    client.send.setReceiver('alice')
    await vi.waitFor(() =>
      expect(client.send.$state.get().resolved).toEqual({ address: ALICE, name: 'alice.reown.id' }),
    )
    answer()
    await settle()
    expect(client.send.$state.get()).toMatchObject({
      resolved: { address: ALICE, name: 'alice.reown.id' },
      resolving: false,
    })
    expect(client.send.$errors.get()).toEqual({})
    expect(warn).not.toHaveBeenCalledWith(
      '[portico] could not resolve the receiver name',
      expect.anything(),
    )
  })

  it('a lookup that fails is logged, and the receiver shows no address nor avatar', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { client, names } = setup({ logLevel: 'warn' })
    names.status = 503
    client.send.setReceiver('alice')
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[portico] could not resolve the receiver name',
        expect.objectContaining({ code: 'NAME_RESOLVE_FAILED' }),
      ),
    )
    expect(client.send.$state.get()).toMatchObject({ resolved: undefined, resolving: false })
  })

  describe('only the latest lookup changes the form', () => {
    it('an older lookup answering after an address was typed does not overwrite it', async () => {
      const { client, asked, hold } = setup()
      const answer = hold('alice.reown.id')
      client.send.setReceiver('alice')
      await vi.waitFor(() => expect(asked).toContain('/v1/profile/account/alice.reown.id'))
      client.send.setReceiver(BOB)
      answer()
      await settle()
      expect(client.send.$state.get()).toMatchObject({
        receiver: BOB,
        resolved: { address: BOB },
        resolving: false,
      })
    })

    it('an older lookup failing after an address was typed neither clears it nor is logged', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const { client, asked, names, hold } = setup({ logLevel: 'warn' })
      const answer = hold('alice.reown.id')
      client.send.setReceiver('alice')
      await vi.waitFor(() => expect(asked).toContain('/v1/profile/account/alice.reown.id'))
      client.send.setReceiver(BOB)
      names.status = 503
      answer()
      await settle()
      expect(client.send.$state.get().resolved).toEqual({ address: BOB })
      expect(warn).not.toHaveBeenCalled()
    })

    it('a lookup from before a reset does not fill the new form', async () => {
      const { client, asked, hold } = setup()
      const answer = hold('alice.reown.id')
      client.send.setReceiver('alice')
      await vi.waitFor(() => expect(asked).toContain('/v1/profile/account/alice.reown.id'))
      client.send.reset()
      client.send.setReceiver(BOB)
      answer()
      await settle()
      expect(client.send.$state.get().resolved).toEqual({ address: BOB })
    })

    it("an older name's avatar arriving late is not put on the new receiver", async () => {
      const { client, hold } = setup()
      const avatar = hold(ALICE)
      client.send.setReceiver('alice')
      await vi.waitFor(() =>
        expect(client.send.$state.get().resolved).toEqual({
          address: ALICE,
          name: 'alice.reown.id',
        }),
      )
      client.send.setReceiver(BOB)
      avatar()
      await settle()
      expect(client.send.$state.get().resolved).toEqual({ address: BOB })
    })
  })

  it('is not looked up once the client is destroyed during the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, asked } = setup()
    client.send.setReceiver('alice')
    client.destroy()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(asked.filter((p) => p.startsWith('/v1/profile/account/'))).toEqual([])
  })

  it('an address typed after a name stops the lookup', async () => {
    const { client } = setup()
    await sendCodeLoaded(client)
    client.send.setReceiver('alice')
    expect(client.send.$state.get().resolving).toBe(true)
    client.send.setReceiver(ALICE)
    expect(client.send.$state.get()).toMatchObject({
      resolving: false,
      resolved: { address: ALICE },
    })
  })

  it('without a wallet, only a whole 0x address of 40 hex digits counts as an address', async () => {
    const { client } = setup()
    await sendCodeLoaded(client)
    for (const text of [`zz${ALICE}`, `${ALICE}zz`]) {
      client.send.setReceiver(text)
      expect(client.send.$state.get().resolved).toBeUndefined()
    }
    client.send.setReceiver(ALICE)
    expect(client.send.$state.get().resolved).toEqual({ address: ALICE })
  })

  it('a complete form has no error at all; an empty one neither', () => {
    const { client } = setup()
    expect(Object.keys(client.send.$errors.get())).toEqual([])
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    expect(Object.keys(client.send.$errors.get())).toEqual([])
  })

  it('a name that does not exist says so; a failing lookup says not found too', async () => {
    const { client, names } = setup()
    await sendCodeLoaded(client)
    names.address = undefined
    client.send.setReceiver('nobody')
    await vi.waitFor(() => expect(client.send.$state.get().resolving).toBe(false))
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.nameNotFound' } })
    names.status = 503
    client.send.setReceiver('someone')
    expect(client.send.$state.get().resolving).toBe(true)
    await vi.waitFor(() => expect(client.send.$state.get().resolving).toBe(false))
    expect(client.send.$state.get().resolved).toBeUndefined()
    expect(client.send.$errors.get()).toEqual({ receiver: { key: 'send.nameNotFound' } })
  })

  it('a name that breaks the name rule is refused at once, without a lookup', async () => {
    const { client, asked } = setup()
    await sendCodeLoaded(client)
    client.send.setReceiver('ab')
    expect(client.send.$state.get().resolving).toBe(false)
    expect(client.send.$errors.get().receiver).toBeDefined()
    expect(asked).toEqual([])
  })

  it('sending to a name not looked up yet resolves it first; an unknown one is refused', async () => {
    const { client, prepared, names } = await connected()
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver('alice.wcn.id')
    await client.send.preview()
    expect(prepared[0]?.to).toBe(ALICE)
    // The form shows whom the name stands for, and is no longer looking it up.
    expect(client.send.$state.get()).toMatchObject({
      resolved: { address: ALICE, name: 'alice.wcn.id' },
      resolving: false,
    })
    names.address = undefined
    client.send.setReceiver('nobody')
    const error = await rejection(client.send.preview())
    expect(error.details).toEqual({ message: { key: 'send.nameNotFound' } })
  })
})

describe('sending', () => {
  it('a mined transfer: the success toast, an empty form, balances and history asked again', async () => {
    const { client, full } = await connected()
    client.send.setToken(usdc)
    client.send.setAmount('1.5')
    client.send.setReceiver(ALICE)
    const before = full.length
    expect(await client.send.send()).toBe(HASH)
    expect(client.send.$send.get()).toMatchObject({ status: 'success', data: HASH })
    expect(client.send.$state.get()).toMatchObject({ amount: '', receiver: '', token: undefined })
    expect(client.toast.$toast.get()).toMatchObject({
      open: true,
      variant: 'success',
      message: {
        key: 'send.sent',
        // Transaction addresses: 4 characters at the start, 6 at the end.
        params: { amount: '1.5', symbol: 'USDC', hash: '0x11…111111' },
      },
    })
    // Balances are asked again past their cache, and the history too.
    await vi.waitFor(() => {
      const after = full.slice(before)
      expect(
        after.some(
          (u) => u.pathname.endsWith('/balance') && u.searchParams.get('forceUpdate') === 'true',
        ),
      ).toBe(true)
      expect(after.some((u) => u.pathname.endsWith('/history'))).toBe(true)
    })
  })

  it('a mined transfer reads the native balance from the chain again, past its cache', async () => {
    const { client, native } = await connected()
    // Read once when the wallet connected; cached for 30 s after that.
    expect(native.reads).toBe(1)
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    await client.send.send()
    await vi.waitFor(() => expect(native.reads).toBe(2))
  })

  it('the preview built for this chain and account is the one sent', async () => {
    const { client, prepared } = await connected()
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    await client.send.preview()
    await client.send.send()
    expect(prepared).toHaveLength(1)
  })

  it('a wallet that refuses: the declined toast, the form kept', async () => {
    const { client, wallet } = await connected()
    wallet.refuse = true
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const error = await rejection(client.send.send())
    expect(error.code).toBe('USER_REJECTED')
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'send.declined' },
    })
    expect(client.send.$state.get()).toMatchObject({ amount: '1', receiver: ALICE })
  })

  it('a transfer that reverts, or a wallet error, is a wallet error; the form is kept', async () => {
    const { client, wallet } = await connected()
    wallet.revert = true
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    const reverted = await rejection(client.send.send())
    expect(reverted).toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The transfer failed on chain',
      details: { hash: HASH },
    })
    expect(client.toast.$toast.get()).toMatchObject({ open: true, variant: 'error' })
    // Not the words of a user who declined: the transfer failed.
    expect(client.toast.$toast.get().message).not.toEqual({ key: 'send.declined' })
    wallet.revert = false
    wallet.fail = true
    const failed = await rejection(client.send.send())
    expect(failed).toMatchObject({ code: 'WALLET_ERROR', message: 'The transfer failed' })
    expect((failed.cause as Error).message).toBe('nonce too low')
    expect(client.send.$state.get().amount).toBe('1')
  })

  it('a token whose transfer returns nothing (mainnet USDT, or one the app names) is flagged', async () => {
    const { client, prepared } = await connected({
      noReturnTransferTokens: [`eip155:31337:${TOKEN.toLowerCase()}`],
    })
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    await client.send.preview()
    expect(prepared[0]?.noReturnTransfer).toBe(true)
    client.send.setToken({
      ...usdc,
      address: undefined,
      symbol: 'ETH',
      quantity: { decimals: '18', numeric: '2' },
    })
    await client.send.preview()
    expect(prepared[1]).toMatchObject({ noReturnTransfer: false, tokenAddress: undefined })
  })

  it('reset empties the form and forgets the last preview and send', async () => {
    const { client } = await connected()
    client.send.setToken(usdc)
    client.send.setAmount('1')
    client.send.setReceiver(ALICE)
    await client.send.preview()
    client.send.reset()
    expect(client.send.$state.get()).toMatchObject({ amount: '', prepared: undefined })
    expect(client.send.$preview.get().status).toBe('idle')
    expect(client.send.$send.get().status).toBe('idle')
  })
})

describe('confirm: sending as a step of the modal', () => {
  /** Connected, the modal on the preview of a filled form: Account, WalletSend, its preview. */
  async function onPreview() {
    const context = await connected()
    const { client } = context
    client.modal.open({ view: 'Account' })
    client.modal.push('WalletSend')
    client.send.setToken(usdc)
    client.send.setAmount('1.5')
    client.send.setReceiver(ALICE)
    await client.send.preview()
    client.modal.push('WalletSendPreview')
    return context
  }
  const views = (client: ReturnType<typeof setup>['client']) =>
    client.modal.$stack.get().map((entry) => entry.view)

  it('a mined transfer: the modal starts over on Account, with the success toast and an empty form', async () => {
    const { client } = await onPreview()
    const sending = client.send.confirm()
    // The step is there at once, in the click's turn: closing the modal now keeps the request.
    expect(client.modal.$transactionStack.get()).toEqual([{ view: 'Account' }])
    expect(await sending).toBe(HASH)
    expect(client.modal.$open.get()).toBe(true)
    expect(views(client)).toEqual(['Account'])
    expect(client.modal.$transactionStack.get()).toEqual([])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'success',
      message: { key: 'send.sent', params: { amount: '1.5', symbol: 'USDC' } },
    })
    expect(client.send.$send.get()).toMatchObject({ status: 'success', data: HASH })
    expect(client.send.$state.get()).toMatchObject({ amount: '', receiver: '', token: undefined })
  })

  it('a wallet that refuses: back to the form, which keeps what was typed; the declined toast', async () => {
    const { client, wallet } = await onPreview()
    wallet.refuse = true
    const error = await rejection(client.send.confirm())
    expect(error.code).toBe('USER_REJECTED')
    expect(views(client)).toEqual(['Account', 'WalletSend'])
    expect(client.modal.$transactionStack.get()).toEqual([])
    expect(client.toast.$toast.get()).toMatchObject({
      variant: 'error',
      message: { key: 'send.declined' },
    })
    expect(client.send.$send.get().status).toBe('error')
    expect(client.send.$state.get()).toMatchObject({ amount: '1.5', receiver: ALICE })
  })

  it('a transfer that reverts: a wallet error, back to the form', async () => {
    const { client, wallet } = await onPreview()
    wallet.revert = true
    const error = await rejection(client.send.confirm())
    expect(error).toMatchObject({ code: 'WALLET_ERROR', message: 'The transfer failed on chain' })
    expect(views(client)).toEqual(['Account', 'WalletSend'])
    expect(client.toast.$toast.get()).toMatchObject({ variant: 'error' })
  })

  it('a double click is one step and one transfer', async () => {
    const { client, prepared } = await onPreview()
    const first = client.send.confirm()
    const second = client.send.confirm()
    expect(client.modal.$transactionStack.get()).toHaveLength(1)
    expect(await Promise.all([first, second])).toEqual([HASH, HASH])
    // The preview's transfer was sent: none built again.
    expect(prepared).toHaveLength(1)
    expect(views(client)).toEqual(['Account'])
  })

  it('a form that cannot be sent: back to the form, with why', async () => {
    const { client } = await onPreview()
    client.send.setAmount('')
    const error = await rejection(client.send.confirm())
    expect(error.code).toBe('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
    expect(views(client)).toEqual(['Account', 'WalletSend'])
    expect(client.modal.$transactionStack.get()).toEqual([])
  })
})
