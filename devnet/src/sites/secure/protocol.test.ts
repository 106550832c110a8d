import {
  type AppEventName,
  type AppPayloads,
  cooldownMessage,
  FRAME_TIMINGS,
  type FramedUser,
  frameError,
  frameNotice,
  frameSuccess,
  isValidEmail,
  normalizeEmail,
  parseAppMessage,
  parseChainId,
  rpcMethodClass,
  SECURE_SDK_VERSION,
  type SuccessPayloads,
} from '@portico/core/internal'
import {
  APP_EVENTS,
  appMessage,
  NOTICES,
  PROTOCOL_CHANNEL,
  parseFrameMessage,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
} from '@portico/core/test-seams'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

// The secure frame protocol is core's (`core/src/auth/protocol.ts`, tested there); the secure
// site's frame speaks its frame side. These properties pin what the frame relies on beyond
// core's own tests: every well-formed app event is accepted as sent, each field is held to its
// rule, and the frame's answers (every kind, every field) are what the app accepts.

const RUNS = { numRuns: 1000 }

// --- Arbitraries ---------------------------------------------------------------------------

const chars = (alphabet: string) => fc.constantFrom(...alphabet.split(''))
const word = (alphabet: string, min: number, max: number) =>
  fc.string({ unit: chars(alphabet), minLength: min, maxLength: max })

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ALNUM = `${LETTERS}0123456789`
const LOCAL_ATOM = `${ALNUM}!#$%&'*+/=?^_\`{|}~-`

const label = fc
  .tuple(word(ALNUM, 1, 1), word(`${ALNUM}-`, 0, 20), word(ALNUM, 1, 1))
  .map(([a, b, c]) => `${a}${b}${c}`)
/** Addresses the email rule accepts, built from its grammar. */
const validEmail = fc
  .tuple(
    fc.array(word(LOCAL_ATOM, 1, 12), { minLength: 1, maxLength: 3 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    word(LETTERS, 2, 8),
  )
  .map(([atoms, labels, tld]) => `${atoms.join('.')}@${[...labels, tld].join('.')}`)

const id = word(`${ALNUM}_-`, 1, 64)
const otp = word('0123456789', 6, 6)
const chainId = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 40 }),
  fc.integer({ min: 1, max: 2 ** 40 }).map((n) => `eip155:${n}` as const),
)
const address = word('0123456789abcdefABCDEF', 40, 40).map((h) => `0x${h}` as `0x${string}`)
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'] }).filter((u) => u.length <= 2048)
const json = fc.jsonValue({ maxDepth: 3 })

const payloads: { [E in AppEventName]: fc.Arbitrary<AppPayloads[E]> } = {
  SWITCH_NETWORK: fc.record({ chainId }),
  CONNECT_EMAIL: fc.record({ email: validEmail }),
  CONNECT_DEVICE: fc.constant({}),
  CONNECT_OTP: fc.record({ otp }),
  GET_SOCIAL_REDIRECT_URI: fc.record({
    provider: fc.constantFrom('google', 'github', 'apple', 'facebook', 'x', 'discord'),
  }),
  CONNECT_SOCIAL: fc.record({ uri: httpUrl }),
  GET_FARCASTER_URI: fc.constant({}),
  CONNECT_FARCASTER: fc.constant({}),
  GET_USER: fc.record({ chainId }, { requiredKeys: [] }),
  SIGN_OUT: fc.constant({}),
  IS_CONNECTED: fc.constant({}),
  GET_CHAIN_ID: fc.constant({}),
  RPC_REQUEST: fc.record(
    {
      method: fc.constantFrom('eth_getBalance', 'personal_sign', 'eth_sendTransaction', 'foo_bar'),
      params: fc.oneof(fc.array(json, { maxLength: 4 }), fc.dictionary(fc.string(), json)),
      chainId,
    },
    { requiredKeys: ['method'] },
  ),
  UPDATE_EMAIL: fc.record({ email: validEmail }),
  UPDATE_EMAIL_PRIMARY_OTP: fc.record({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: fc.record({ otp }),
  SYNC_THEME: fc.record(
    {
      themeMode: fc.constantFrom('light', 'dark'),
      themeVariables: fc.dictionary(
        word('abcdefghijklmnopqrstuvwxyz0123456789-', 1, 20).map((n) => `--portico-${n}`),
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.string({ maxLength: 30 }).filter((v) => !/[;{}<>\\\r\n]/.test(v)),
        ),
        { maxKeys: 5 },
      ),
    },
    { requiredKeys: ['themeMode'] },
  ),
  SYNC_DAPP_DATA: fc.record(
    {
      metadata: fc.record(
        {
          name: fc.string({ maxLength: 100 }),
          description: fc.string({ maxLength: 100 }),
          url: httpUrl,
          icons: fc.array(httpUrl, { maxLength: 3 }),
        },
        { requiredKeys: ['name', 'url'] },
      ),
      projectId: fc.string({ maxLength: 50 }),
      sdkType: fc.string({ maxLength: 20 }),
      sdkVersion: fc.string({ maxLength: 20 }),
    },
    { requiredKeys: [] },
  ),
  INIT_SMART_ACCOUNT: fc.constant({}),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: fc.constant({}),
  SET_PREFERRED_ACCOUNT: fc.record({ type: fc.constantFrom('eoa', 'smartAccount') }),
  RELOAD: fc.constant({}),
}

const validAppMessage = fc
  .constantFrom(...APP_EVENTS)
  .chain((event) =>
    fc
      .tuple(id, payloads[event] as fc.Arbitrary<AppPayloads[AppEventName]>)
      .map(([messageId, payload]) => ({ event, message: appMessage(event, messageId, payload) })),
  )

const user: fc.Arbitrary<FramedUser> = fc.record(
  {
    email: validEmail,
    username: fc.string(),
    address,
    chainId: fc.integer({ min: 1, max: 2 ** 40 }),
    accounts: fc.array(
      fc.record({ address, type: fc.constantFrom('eoa', 'smartAccount') as fc.Arbitrary<'eoa'> }),
      { maxLength: 2 },
    ),
    preferredAccountType: fc.constantFrom('eoa', 'smartAccount'),
    smartAccountDeployed: fc.boolean(),
  },
  {
    requiredKeys: [
      'email',
      'address',
      'chainId',
      'accounts',
      'preferredAccountType',
      'smartAccountDeployed',
    ],
  },
)

const successes: { [E in AppEventName]: fc.Arbitrary<SuccessPayloads[E]> } = {
  SWITCH_NETWORK: fc.record({ chainId: fc.integer({ min: 1, max: 2 ** 40 }) }),
  CONNECT_EMAIL: fc.record({ action: fc.constantFrom('VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT') }),
  CONNECT_DEVICE: fc.constant({ action: 'VERIFY_OTP' as const }),
  CONNECT_OTP: fc.record({ user }),
  GET_SOCIAL_REDIRECT_URI: fc.record({ uri: httpUrl }),
  CONNECT_SOCIAL: fc.record({ user }),
  GET_FARCASTER_URI: fc.record({ url: httpUrl }),
  CONNECT_FARCASTER: fc.record({ user }),
  GET_USER: fc.record({ user }),
  SIGN_OUT: fc.constant({}),
  IS_CONNECTED: fc.record({ isConnected: fc.boolean() }),
  GET_CHAIN_ID: fc.record({ chainId: fc.integer({ min: 1, max: 2 ** 40 }) }),
  RPC_REQUEST: fc.record({ result: json }),
  UPDATE_EMAIL: fc.constant({ action: 'VERIFY_PRIMARY_OTP' as const }),
  UPDATE_EMAIL_PRIMARY_OTP: fc.constant({ action: 'VERIFY_SECONDARY_OTP' as const }),
  UPDATE_EMAIL_SECONDARY_OTP: fc.record({ email: validEmail }),
  SYNC_THEME: fc.constant({}),
  SYNC_DAPP_DATA: fc.constant({}),
  INIT_SMART_ACCOUNT: fc.record({ address, isDeployed: fc.boolean() }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: fc.record({
    smartAccountEnabledNetworks: fc.array(fc.integer({ min: 1, max: 100_000 })),
  }),
  SET_PREFERRED_ACCOUNT: fc.record({ type: fc.constantFrom('eoa', 'smartAccount'), address }),
  RELOAD: fc.constant({}),
}

const validFrameMessage = fc.oneof(
  fc.constantFrom(...APP_EVENTS).chain((event) =>
    fc
      .tuple(id, successes[event] as fc.Arbitrary<SuccessPayloads[AppEventName]>)
      .map(([i, payload]) => ({
        kind: 'success',
        event,
        message: frameSuccess(event, i, payload),
      })),
  ),
  fc
    .tuple(
      fc.constantFrom(...APP_EVENTS),
      id,
      fc.record(
        { message: fc.string({ maxLength: 200 }), code: fc.integer(), data: json },
        { requiredKeys: ['message'] },
      ),
    )
    .map(([event, i, error]) => ({ kind: 'error', event, message: frameError(event, i, error) })),
  fc.oneof(
    fc
      .record({
        version: fc.integer({ min: 1, max: 99 }),
        chainId: fc.integer({ min: 1, max: 2 ** 40 }),
      })
      .map((p) => ({ kind: 'notice', message: frameNotice('READY', p) })),
    fc
      .nat()
      .map((sequence) => ({ kind: 'notice', message: frameNotice('HEARTBEAT', { sequence }) })),
    fc
      .tuple(id, fc.constantFrom('eth_sendTransaction', 'personal_sign'))
      .map(([requestId, method]) => ({
        kind: 'notice',
        message: frameNotice('APPROVAL_OPEN', { requestId, method }),
      })),
    fc.tuple(id, fc.boolean()).map(([requestId, approved]) => ({
      kind: 'notice',
      message: frameNotice('APPROVAL_CLOSED', { requestId, approved }),
    })),
  ),
)

// --- Tests ---------------------------------------------------------------------------------

describe('protocol constants', () => {
  it('pins the numbers apps and the frame share', () => {
    expect(SECURE_SDK_VERSION).toBe(4)
    expect(FRAME_TIMINGS).toEqual({
      iframeLoadTimeoutMs: 20000,
      requestTimeoutMs: 30000,
      signOutWaitMs: 3000,
      frameReadyIntervalMs: 500,
      heartbeatIntervalMs: 5000,
      deviceWaitMs: 25000,
    })
    expect(cooldownMessage(12_300)).toBe('Please try again after 13 seconds')
    expect(APP_EVENTS).toHaveLength(22)
    expect(NOTICES).toEqual(['READY', 'HEARTBEAT', 'APPROVAL_OPEN', 'APPROVAL_CLOSED'])
  })

  it('classes RPC methods: the unsafe ones need approval, unknown ones are refused', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_sendCalls',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ]) {
      expect(rpcMethodClass(method)).toBe('unsafe')
    }
    for (const method of [
      'eth_getBalance',
      'eth_call',
      'eth_getLogs',
      'eth_getTransactionReceipt',
    ]) {
      expect(rpcMethodClass(method)).toBe('safe')
    }
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'debug_traceTransaction',
      'anvil_setBalance',
    ]) {
      expect(rpcMethodClass(method)).toBe('refused')
    }
    const safe = new Set<string>(SAFE_RPC_METHODS)
    expect(UNSAFE_RPC_METHODS.filter((m) => safe.has(m))).toEqual([])
  })
})

describe('app message validator (what the frame accepts)', () => {
  it('accepts every well-formed app event with its payload unchanged (property)', () => {
    fc.assert(
      fc.property(validAppMessage, ({ event, message }) => {
        const parsed = parseAppMessage(structuredClone(message))
        expect(parsed).toEqual({ ok: true, event, message })
      }),
      RUNS,
    )
  })

  it('never throws, and accepts nothing without the channel and a known event (property)', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withMap: true, withSet: true }),
        (data) => {
          const parsed = parseAppMessage(data)
          expect(parsed.ok).toBe(false)
        },
      ),
      RUNS,
    )
  })

  it('answers (event and id known) a bad payload, ignores a bad envelope (property)', () => {
    fc.assert(
      fc.property(
        validAppMessage,
        fc.string({ minLength: 1, maxLength: 12 }),
        json,
        ({ event, message }, key, value) => {
          // An extra payload field: answerable, not accepted.
          const extra = { ...message, payload: { ...message.payload, [`x_${key}`]: value } }
          expect(parseAppMessage(extra)).toMatchObject({ ok: false, event, id: message.id })
          // Another channel, a missing or malformed id, an unknown event: ignored.
          expect(parseAppMessage({ ...message, channel: 'other' })).toMatchObject({ ok: false })
          expect(parseAppMessage({ ...message, channel: 'other' }).event).toBeUndefined()
          expect(parseAppMessage({ ...message, id: `${message.id} ` }).event).toBeUndefined()
          expect(parseAppMessage({ ...message, id: undefined }).event).toBeUndefined()
          expect(parseAppMessage({ ...message, type: `${message.type}_X` }).event).toBeUndefined()
        },
      ),
      RUNS,
    )
  })

  it('holds each field to its rule (property)', () => {
    fc.assert(
      fc.property(id, fc.string({ maxLength: 80 }), (messageId, text) => {
        const connect = parseAppMessage(appMessage('CONNECT_EMAIL', messageId, { email: text }))
        expect(connect.ok).toBe(isValidEmail(text))
        const code = parseAppMessage(appMessage('CONNECT_OTP', messageId, { otp: text }))
        expect(code.ok).toBe(/^[0-9]{6}$/.test(text))
        const network = parseAppMessage({
          channel: PROTOCOL_CHANNEL,
          id: messageId,
          type: '@portico-app/SWITCH_NETWORK',
          payload: { chainId: text },
        })
        expect(network.ok).toBe(parseChainId(text) !== undefined)
        const theme = parseAppMessage({
          channel: PROTOCOL_CHANNEL,
          id: messageId,
          type: '@portico-app/SYNC_THEME',
          payload: { themeMode: 'dark', themeVariables: { '--portico-accent': text } },
        })
        expect(theme.ok).toBe(!/[;{}<>\\\r\n]/.test(text))
      }),
      RUNS,
    )
  })

  it('refuses the social provider and account type outside their lists', () => {
    const social = parseAppMessage(
      appMessage('GET_SOCIAL_REDIRECT_URI', 'a', { provider: 'myspace' as 'x' }),
    )
    expect(social).toMatchObject({
      ok: false,
      reason: 'provider must be one of google, github, apple, facebook, x, discord',
    })
    const account = parseAppMessage(
      appMessage('SET_PREFERRED_ACCOUNT', 'a', { type: 'multisig' as 'eoa' }),
    )
    expect(account).toMatchObject({ ok: false, reason: 'type must be eoa or smartAccount' })
    expect(parseAppMessage(appMessage('SIGN_OUT', 'a', undefined as never))).toMatchObject({
      ok: true,
    })
  })
})

describe('frame message validator (what the app accepts)', () => {
  it('accepts every well-formed frame message, with its kind (property)', () => {
    fc.assert(
      fc.property(validFrameMessage, ({ kind, message }) => {
        const parsed = parseFrameMessage(structuredClone(message))
        expect(parsed?.kind).toBe(kind)
        expect(parsed?.message).toEqual(message)
      }),
      RUNS,
    )
  })

  it('never throws on anything, and rejects what lacks the channel (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true }), (data) => {
        expect(parseFrameMessage(data)).toBeUndefined()
      }),
      RUNS,
    )
  })

  it('rejects a message with any field broken (property)', () => {
    fc.assert(
      fc.property(
        validFrameMessage,
        fc.constantFrom('channel', 'type', 'payload', 'extra', 'id'),
        fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 5 })),
        ({ kind, message }, field, value) => {
          const broken: Record<string, unknown> = { ...message }
          if (field === 'id' && kind === 'notice') broken.id = 'notices-have-no-id'
          else if (field === 'id') broken.id = `${String(value)} spaced`
          else broken[field] = field === 'extra' ? value : `x${String(value)}`
          expect(parseFrameMessage(broken)).toBeUndefined()
        },
      ),
      RUNS,
    )
  })

  it('rejects a success answer whose payload breaks its shape', () => {
    expect(
      parseFrameMessage(frameSuccess('IS_CONNECTED', 'a', { isConnected: 'yes' as never })),
    ).toBeUndefined()
    expect(
      parseFrameMessage(frameSuccess('CONNECT_EMAIL', 'a', { action: 'LOGIN' as never })),
    ).toBeUndefined()
    expect(
      parseFrameMessage({
        channel: PROTOCOL_CHANNEL,
        id: 'a',
        type: '@portico-frame/RPC_REQUEST_SUCCESS',
        payload: {},
      }),
    ).toBeUndefined()
    expect(parseFrameMessage(frameSuccess('RPC_REQUEST', 'a', { result: null }))?.kind).toBe(
      'success',
    )
    expect(
      parseFrameMessage(
        frameSuccess('GET_USER', 'a', {
          user: {
            email: 'a@example.com',
            address: '0x0000000000000000000000000000000000000001',
            chainId: 31337,
            accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'eoa' }],
            preferredAccountType: 'eoa',
            smartAccountDeployed: false,
            // Not in the user's shape.
            privateKey: '0x01',
          } as FramedUser,
        }),
      ),
    ).toBeUndefined()
  })
})

describe('email format', () => {
  it('accepts addresses built from the rule (property)', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        fc.pre(email.length <= 254 && email.split('@')[0]!.length <= 64)
        expect(isValidEmail(email)).toBe(true)
        expect(isValidEmail(email.toUpperCase())).toBe(true)
        expect(normalizeEmail(` ${email.toUpperCase()} `)).toBe(email.toLowerCase())
      }),
      RUNS,
    )
  })

  it('refuses an address with a space, a second @, no @, no dot in the domain, or a dot at an edge (property)', () => {
    fc.assert(
      fc.property(validEmail, fc.nat(), (email, n) => {
        const at = email.indexOf('@')
        const [local, domain] = [email.slice(0, at), email.slice(at + 1)]
        const position = n % (email.length + 1)
        expect(isValidEmail(`${email.slice(0, position)} ${email.slice(position)}`)).toBe(false)
        expect(isValidEmail(`${local}@@${domain}`)).toBe(false)
        expect(isValidEmail(`${local}@${domain}@x.io`)).toBe(false)
        expect(isValidEmail(email.replace('@', ''))).toBe(false)
        expect(isValidEmail(`${local}@${domain.replace(/\./g, '')}`)).toBe(false)
        expect(isValidEmail(`.${email}`)).toBe(false)
        expect(isValidEmail(`${local}.@${domain}`)).toBe(false)
        expect(isValidEmail(`${local}@${domain}.`)).toBe(false)
        expect(isValidEmail(`${local}@${domain}.1`)).toBe(false)
      }),
      RUNS,
    )
  })

  it('never throws, and refuses non-strings and over-long addresses (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = isValidEmail(value)
        if (typeof value !== 'string') expect(result).toBe(false)
      }),
      RUNS,
    )
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true)
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false)
    expect(
      isValidEmail(`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(61)}`),
    ).toBe(false)
    expect(isValidEmail('"quoted"@example.com')).toBe(false)
    expect(isValidEmail('user@[127.0.0.1]')).toBe(false)
    expect(isValidEmail('üser@example.com')).toBe(false)
    expect(isValidEmail('user@example.com')).toBe(true)
  })
})

describe('small field checks', () => {
  it('chain ids are positive safe integers or eip155:<decimal> (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 20 })), (value) => {
        const parsed = parseChainId(value)
        if (typeof value === 'number') {
          expect(parsed).toBe(Number.isSafeInteger(value) && value > 0 ? value : undefined)
        } else if (parsed !== undefined) {
          expect(value).toBe(`eip155:${parsed}`)
        }
      }),
      RUNS,
    )
    expect(parseChainId('eip155:31337')).toBe(31337)
    expect(parseChainId('eip155:031337')).toBeUndefined()
    expect(parseChainId('solana:mainnet')).toBeUndefined()
  })
})
