import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  APP_EVENTS,
  appMessage,
  cooldownMessage,
  FRAME_ERRORS,
  FRAME_TIMINGS,
  type FramedUser,
  frameError,
  frameNotice,
  frameSuccess,
  isMessageId,
  isOtp,
  isValidEmail,
  normalizeEmail,
  parseAppMessage,
  parseChainId,
  parseFrameMessage,
  rpcMethodClass,
} from './protocol.js'

// The secure frame protocol as the app reads it: what the frame says is checked before the app
// acts on it (`parseFrameMessage`), and what the app says is what the frame accepts
// (`parseAppMessage`, the frame side's validator, mirrored here).

const RUNS = { numRuns: 1_000 }
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const USER: FramedUser = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ address: ADDRESS, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

describe('the spec numbers and strings', () => {
  it('timings, word-for-word errors and the cooldown message', () => {
    expect(FRAME_TIMINGS).toMatchObject({
      iframeLoadTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      signOutWaitMs: 3_000,
      frameReadyIntervalMs: 500,
      heartbeatIntervalMs: 5_000,
    })
    expect(FRAME_ERRORS.default).toBe('An error occurred')
    expect(FRAME_ERRORS.rpcNotAllowed).toBe('Requested RPC call is not allowed')
    expect(FRAME_ERRORS.actionNotAllowed).toBe('Action not allowed')
    expect(cooldownMessage(29_001)).toBe('Please try again after 30 seconds')
    expect(cooldownMessage(1)).toBe('Please try again after 1 seconds')
    expect(cooldownMessage(0)).toBe('Please try again after 1 seconds')
    expect(cooldownMessage(2_000)).toBe('Please try again after 2 seconds')
  })

  it('method classes: the unsafe list of the spec, safe reads, and anything else refused', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'wallet_sendCalls',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ]) {
      expect(rpcMethodClass(method)).toBe('unsafe')
    }
    for (const method of ['eth_getBalance', 'eth_blockNumber', 'eth_getLogs', 'eth_call']) {
      expect(rpcMethodClass(method)).toBe('safe')
    }
    for (const method of ['eth_sign', 'debug_traceTransaction', 'toString', '']) {
      expect(rpcMethodClass(method)).toBe('refused')
    }
  })
})

describe('small validators', () => {
  it('chain ids: a positive safe integer or eip155:<decimal>', () => {
    expect(parseChainId(1)).toBe(1)
    expect(parseChainId('eip155:31337')).toBe(31337)
    for (const bad of [
      0,
      -1,
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      'eip155:0',
      'eip155:01',
      '1',
      'solana:1',
      'eip155:99999999999999999',
      null,
    ]) {
      expect(parseChainId(bad)).toBeUndefined()
    }
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const id = parseChainId(value)
        if (id !== undefined) {
          expect(Number.isSafeInteger(id)).toBe(true)
          expect(id).toBeGreaterThan(0)
        }
      }),
      RUNS,
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseChainId(n)).toBe(n)
        expect(parseChainId(`eip155:${n}`)).toBe(n)
      }),
      RUNS,
    )
  })

  it('a code is exactly 6 digits', () => {
    expect(isOtp('123456')).toBe(true)
    for (const bad of ['12345', '1234567', '12345a', ' 12345', 123456])
      expect(isOtp(bad)).toBe(false)
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (value) => {
        expect(isOtp(value)).toBe(/^[0-9]{6}$/.test(value))
      }),
      RUNS,
    )
  })

  it('emails: the edges of the format', () => {
    for (const good of ['a@b.co', 'first.last+tag@sub.example.org', `${'a'.repeat(64)}@x.io`]) {
      expect(isValidEmail(good)).toBe(true)
    }
    for (const bad of [
      'a@b',
      'a@b.c',
      '@b.co',
      'a@@b.co',
      'a@b@c.co',
      '.a@b.co',
      'a.@b.co',
      'a..b@c.co',
      `${'a'.repeat(65)}@x.io`,
      `a@${'b'.repeat(64)}.io`,
      'a@-b.io',
      'a@b-.io',
      'a@b.c0m',
      'a b@c.io',
      `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.io`,
    ]) {
      expect(isValidEmail(bad)).toBe(false)
    }
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        // Whatever it accepts is at most 254 characters, one @, and ASCII only.
        if (isValidEmail(email)) {
          expect(email.length).toBeLessThanOrEqual(254)
          expect(email.split('@')).toHaveLength(2)
          expect(email).toMatch(/^[\x21-\x7e]+$/)
        }
      }),
      RUNS,
    )
  })
})

const ID_ALPHABET = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'0123456789',
  '-',
  '_',
]
const idOf = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...ID_ALPHABET), minLength, maxLength })
/** Whitespace that `trim` removes, around a typed email (a paste brings some along). */
const padding = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u2028', '\ufeff'),
  maxLength: 4,
})
const validEmail = fc.emailAddress().filter((email) => isValidEmail(email))

describe('message ids and typed emails', { timeout: 30_000 }, () => {
  it('a message id is 1 to 64 letters, digits, - or _', () => {
    for (const good of ['a', 'Z', '0', '-', '_', 'id-1', 'A_b-9', 'x'.repeat(64)]) {
      expect(isMessageId(good), good).toBe(true)
    }
    for (const bad of [
      '',
      'x'.repeat(65),
      'a b',
      'a.b',
      'a/b',
      'a:b',
      'id\n',
      '\nid',
      'id\u0000',
      'é',
      'id\u200b',
      '<script>',
      '１',
      1,
      0,
      null,
      undefined,
      ['id'],
      { toString: () => 'id' },
      new String('id'),
    ]) {
      expect(isMessageId(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('accepts every id of the alphabet from 1 to 64 characters (property)', () => {
    fc.assert(
      fc.property(idOf(1, 64), (id) => {
        expect(isMessageId(id)).toBe(true)
      }),
      RUNS,
    )
  })

  it('refuses an id with one character outside the alphabet, or longer than 64 (property)', () => {
    const outside = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 1 })
      .filter((c) => !ID_ALPHABET.includes(c))
    fc.assert(
      fc.property(idOf(0, 63), outside, fc.nat(), (id, bad, at) => {
        const cut = at % (id.length + 1)
        expect(isMessageId(`${id.slice(0, cut)}${bad}${id.slice(cut)}`)).toBe(false)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(idOf(65, 200), (id) => {
        expect(isMessageId(id)).toBe(false)
      }),
      RUNS,
    )
  })

  it('never throws, and only a short alphabet string is an id (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: 'binary' })), (value) => {
        if (isMessageId(value)) {
          expect(typeof value).toBe('string')
          expect(value).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
        }
      }),
      RUNS,
    )
  })

  it('an email is keyed without its case and surrounding whitespace', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com')
    expect(normalizeEmail('ada@example.com')).toBe('ada@example.com')
    expect(normalizeEmail('\tADA+TAG@SUB.EXAMPLE.ORG')).toBe('ada+tag@sub.example.org')
    // Only the ends are trimmed: inner whitespace stays, for the validator to refuse.
    expect(normalizeEmail(' a b@c.io ')).toBe('a b@c.io')
    expect(normalizeEmail('   ')).toBe('')
  })

  it('any case and padding of a valid email keys the same valid address (property)', () => {
    fc.assert(
      fc.property(
        validEmail.chain((email) => fc.tuple(fc.constant(email), fc.mixedCase(fc.constant(email)))),
        padding,
        padding,
        ([email, typed], before, after) => {
          const key = normalizeEmail(`${before}${typed}${after}`)
          expect(key).toBe(normalizeEmail(email))
          expect(key).toBe(email.toLowerCase())
          expect(isValidEmail(key)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('two valid emails share a key only when they differ in case alone (property)', () => {
    fc.assert(
      fc.property(validEmail, validEmail, (a, b) => {
        expect(normalizeEmail(a) === normalizeEmail(b)).toBe(a.toLowerCase() === b.toLowerCase())
      }),
      RUNS,
    )
  })

  it('is idempotent, lower case and trimmed for any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const key = normalizeEmail(text)
        expect(normalizeEmail(key)).toBe(key)
        expect(key).toBe(key.trim())
        expect(key).toBe(key.toLowerCase())
      }),
      RUNS,
    )
  })
})

describe('what the frame says (parseFrameMessage)', () => {
  it('reads answers, errors and notices built by the protocol', () => {
    expect(parseFrameMessage(frameSuccess('GET_USER', 'id-1', { user: USER }))).toMatchObject({
      kind: 'success',
      event: 'GET_USER',
      id: 'id-1',
    })
    expect(
      parseFrameMessage(frameError('RPC_REQUEST', 'id-2', { message: 'no', code: 4001 })),
    ).toMatchObject({ kind: 'error', event: 'RPC_REQUEST', id: 'id-2' })
    expect(parseFrameMessage(frameNotice('HEARTBEAT', { sequence: 0 }))).toMatchObject({
      kind: 'notice',
      notice: 'HEARTBEAT',
    })
    // A null result is a result.
    expect(parseFrameMessage(frameSuccess('RPC_REQUEST', 'id-3', { result: null }))?.kind).toBe(
      'success',
    )
  })

  it('refuses each malformed part', () => {
    const good = frameSuccess('GET_USER', 'id-1', { user: USER })
    const bad: unknown[] = [
      null,
      [],
      'GET_USER_SUCCESS',
      { ...good, channel: 'other' },
      { ...good, type: '@portico-app/GET_USER_SUCCESS' },
      { ...good, type: 7 },
      { ...good, payload: [] },
      { ...good, payload: null },
      { ...good, id: 'has space' },
      { ...good, id: 'x'.repeat(65) },
      { ...good, extra: true },
      { ...good, type: '@portico-frame/GET_USER_DONE' },
      { ...good, type: '@portico-frame/get_user_SUCCESS' },
      { ...good, type: '@portico-frame/DROP_TABLES_SUCCESS' },
      { ...good, payload: { user: { ...USER, address: '0x123' } } },
      { ...good, payload: { user: { ...USER, chainId: 'eip155:1' } } },
      { ...good, payload: { user: { ...USER, accounts: [{ address: ADDRESS, type: 'admin' }] } } },
      {
        ...good,
        payload: { user: { ...USER, accounts: [{ address: ADDRESS, type: 'eoa', x: 1 }] } },
      },
      { ...good, payload: { user: { ...USER, isAdmin: true } } },
      { ...good, payload: { user: USER, extra: 1 } },
      { ...good, payload: {} },
      frameSuccess('RPC_REQUEST', 'id-1', {} as never),
      frameSuccess('SWITCH_NETWORK', 'id-1', { chainId: 0 }),
      frameSuccess('GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'id-1', {
        smartAccountEnabledNetworks: [1, -1],
      }),
      frameError('GET_USER', 'id-1', { message: 'x'.repeat(2_001) }),
      frameError('GET_USER', 'id-1', { message: 'no', code: 1.5 }),
      { ...frameError('GET_USER', 'id-1', { message: 'no' }), payload: { message: 'no', why: 1 } },
      { ...frameNotice('HEARTBEAT', { sequence: 1 }), id: 'id-1' },
      frameNotice('HEARTBEAT', { sequence: -1 }),
      frameNotice('READY', { version: 4, chainId: 0 }),
      frameNotice('APPROVAL_OPEN', { requestId: 'a b', method: 'personal_sign' }),
      frameNotice('APPROVAL_OPEN', { requestId: 'a', method: 'personal sign' }),
      // A list that only reads as a method name when turned into text.
      frameNotice('APPROVAL_OPEN', { requestId: 'a', method: ['personal_sign'] as never }),
      frameNotice('APPROVAL_CLOSED', { requestId: 'a', approved: 'yes' as never }),
    ]
    for (const message of bad)
      expect(parseFrameMessage(message), JSON.stringify(message)).toBeUndefined()
    // Errors may carry data of any shape, and an optional integer code.
    expect(
      parseFrameMessage(frameError('GET_USER', 'id-1', { message: 'x'.repeat(2_000), data: [1] })),
    ).toBeDefined()
  })

  it('never throws, and what it accepts has the right kind of envelope (property)', () => {
    const payloadish = fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything()))
    const typeish = fc.oneof(
      fc.string(),
      fc.constantFrom(...APP_EVENTS).map((e) => `@portico-frame/${e}_SUCCESS`),
      fc.constantFrom(...APP_EVENTS).map((e) => `@portico-frame/${e}_ERROR`),
      fc
        .constantFrom('READY', 'HEARTBEAT', 'APPROVAL_OPEN', 'APPROVAL_CLOSED')
        .map((n) => `@portico-frame/${n}`),
    )
    fc.assert(
      fc.property(
        fc.record(
          {
            channel: fc.oneof(fc.constant('portico-secure'), fc.string()),
            id: fc.oneof(fc.constant('id-1'), fc.anything()),
            type: typeish,
            payload: payloadish,
          },
          { requiredKeys: ['channel', 'type'] },
        ),
        (message) => {
          const parsed = parseFrameMessage(message)
          if (!parsed) return
          expect(message.channel).toBe('portico-secure')
          expect(String(message.type).startsWith('@portico-frame/')).toBe(true)
          if (parsed.kind !== 'notice') expect(parsed.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.anything(), (value) => void parseFrameMessage(value)),
      RUNS,
    )
  })
})

describe('what the app says (parseAppMessage, the frame side check)', () => {
  const ok = (event: (typeof APP_EVENTS)[number], payload: unknown) =>
    parseAppMessage(appMessage(event, 'id-1', payload as never)).ok

  it('accepts what the SDK sends', () => {
    expect(ok('CONNECT_EMAIL', { email: 'ada@example.com' })).toBe(true)
    expect(ok('SWITCH_NETWORK', { chainId: 'eip155:10' })).toBe(true)
    expect(ok('GET_USER', {})).toBe(true)
    expect(ok('RPC_REQUEST', { method: 'eth_call', params: [{}], chainId: 1 })).toBe(true)
    expect(ok('RPC_REQUEST', { method: 'eth_call', params: { a: 1 } })).toBe(true)
    expect(ok('GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })).toBe(true)
    expect(ok('CONNECT_SOCIAL', { uri: 'https://secure.test/cb?code=1' })).toBe(true)
    expect(
      ok('SYNC_THEME', {
        themeMode: 'dark',
        themeVariables: { '--portico-accent': '#fff', '--portico-radius': 4 },
      }),
    ).toBe(true)
    expect(
      ok('SYNC_DAPP_DATA', {
        metadata: {
          name: 'App',
          description: 'd',
          url: 'https://app.example',
          icons: ['https://app.example/i.png'],
        },
        projectId: 'p',
        sdkType: 'portico',
        sdkVersion: '1',
      }),
    ).toBe(true)
    expect(ok('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toBe(true)
    // No payload reads as an empty one.
    expect(
      parseAppMessage({ channel: 'portico-secure', id: 'a', type: '@portico-app/RELOAD' }).ok,
    ).toBe(true)
  })

  it('refuses, with the reason, what the frame must not act on', () => {
    const reason = (message: unknown) => {
      const parsed = parseAppMessage(message)
      return parsed.ok ? 'ok' : parsed.reason
    }
    const base = appMessage('CONNECT_EMAIL', 'id-1', { email: 'ada@example.com' })
    expect(reason('x')).toBe('not an object')
    expect(reason({ ...base, channel: 'x' })).toBe('not this channel')
    expect(reason({ ...base, id: '' })).toBe('id must be 1-64 of [A-Za-z0-9_-]')
    expect(reason({ ...base, type: '@portico-frame/CONNECT_EMAIL' })).toBe(
      'type is not an app event',
    )
    expect(reason({ ...base, type: '@portico-app/HACK' })).toBe('unknown event HACK')
    expect(reason({ ...base, extra: 1 })).toBe('unknown envelope field extra')
    expect(reason({ ...base, payload: [] })).toBe('payload must be an object')
    expect(reason({ ...base, payload: { email: 'x' } })).toBe('email must be a valid email')
    expect(reason({ ...base, payload: {} })).toBe('email is required')
    expect(reason({ ...base, payload: { email: 'ada@example.com', admin: true } })).toBe(
      'unknown field admin',
    )
    // A refused envelope still names the event and id, so the frame can answer its _ERROR.
    expect(parseAppMessage({ ...base, payload: {} })).toMatchObject({
      ok: false,
      event: 'CONNECT_EMAIL',
      id: 'id-1',
    })
    const circular: Record<string, unknown> = {}
    circular.self = circular
    const refused: [string, unknown][] = [
      ['GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' }],
      ['CONNECT_SOCIAL', { uri: 'javascript:alert(1)' }],
      ['CONNECT_SOCIAL', { uri: 'not a url' }],
      ['CONNECT_SOCIAL', { uri: `https://a.test/${'x'.repeat(2_048)}` }],
      ['RPC_REQUEST', { method: 'eth call' }],
      ['RPC_REQUEST', { method: 'eth_call', params: 'x' }],
      ['RPC_REQUEST', { method: 'eth_call', params: circular }],
      ['RPC_REQUEST', { method: 'eth_call', params: ['x'.repeat(99_997)] }],
      ['RPC_REQUEST', { method: 'eth_call', params: new Date() }],
      ['SYNC_THEME', { themeMode: 'sepia' }],
      ['SYNC_THEME', { themeMode: 'dark', themeVariables: { color: 'red' } }],
      ['SYNC_THEME', { themeMode: 'dark', themeVariables: { '--portico-x': 'red;}body{x' } }],
      ['SYNC_THEME', { themeMode: 'dark', themeVariables: { '--portico-x': Number.NaN } }],
      ['SYNC_THEME', { themeMode: 'dark', themeVariables: { '--portico-x': {} } }],
      [
        'SYNC_THEME',
        {
          themeMode: 'dark',
          themeVariables: Object.fromEntries(
            Array.from({ length: 51 }, (_, i) => [`--portico-v${i}`, '1']),
          ),
        },
      ],
      ['SYNC_DAPP_DATA', { metadata: { name: 'App' } }],
      ['SYNC_DAPP_DATA', { metadata: { name: 'x'.repeat(101), url: 'https://a.test' } }],
      [
        'SYNC_DAPP_DATA',
        { metadata: { name: 'A', url: 'https://a.test', description: 'x'.repeat(501) } },
      ],
      [
        'SYNC_DAPP_DATA',
        { metadata: { name: 'A', url: 'https://a.test', icons: ['javascript:x'] } },
      ],
      [
        'SYNC_DAPP_DATA',
        {
          metadata: { name: 'A', url: 'https://a.test', icons: Array(11).fill('https://a.test/i') },
        },
      ],
      ['SYNC_DAPP_DATA', { metadata: 'App' }],
      ['SYNC_DAPP_DATA', { projectId: 'x'.repeat(201) }],
      ['SET_PREFERRED_ACCOUNT', { type: 'admin' }],
      ['CONNECT_OTP', { otp: '12345' }],
      ['SWITCH_NETWORK', { chainId: 0 }],
    ]
    refused.forEach(([event, payload], index) => {
      expect(ok(event as (typeof APP_EVENTS)[number], payload), `${event} #${index}`).toBe(false)
    })
    // At 50 theme variables, at 100 000 characters of params as JSON: still accepted.
    expect(JSON.stringify(['x'.repeat(99_996)])).toHaveLength(100_000)
    expect(
      ok('SYNC_THEME', {
        themeMode: 'light',
        themeVariables: Object.fromEntries(
          Array.from({ length: 50 }, (_, i) => [`--portico-v${i}`, '1']),
        ),
      }),
    ).toBe(true)
    expect(ok('RPC_REQUEST', { method: 'eth_call', params: ['x'.repeat(99_996)] })).toBe(true)
  })

  it('never throws; an accepted message is exactly the envelope of a known event (property)', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            channel: fc.oneof(fc.constant('portico-secure'), fc.string()),
            id: fc.oneof(fc.constant('id-1'), fc.anything()),
            type: fc.oneof(
              fc.string(),
              fc.constantFrom(...APP_EVENTS).map((e) => `@portico-app/${e}`),
            ),
            payload: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
          },
          { requiredKeys: ['channel', 'type'] },
        ),
        (message) => {
          const parsed = parseAppMessage(message)
          if (parsed.ok) {
            expect(Object.keys(parsed.message).sort()).toEqual(['channel', 'id', 'payload', 'type'])
            expect(APP_EVENTS).toContain(parsed.event)
          }
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.anything(), (value) => void parseAppMessage(value)),
      RUNS,
    )
  })
})
