import { describe, expect, it } from 'vitest'
import { CliError, parseCli } from './args.js'

describe('portico-devnet options', () => {
  it('are the default ports with nothing given', () => {
    expect(parseCli([], {})).toEqual({ help: false, start: { ports: {}, quiet: true } })
    expect(parseCli(['-h'], {}).help).toBe(true)
  })

  it('take ports from flags, else from the same variables as pnpm dev and the Vite plugin', () => {
    const env = {
      PORTICO_API_PORT: '9000',
      PORTICO_RELAY_PORT: '9001',
      PORTICO_CHAIN_PORTS: '9002, 9003,9004',
      PORTICO_SECURE_PORT: '',
    }
    expect(parseCli([], env).start.ports).toEqual({
      api: 9000,
      relay: 9001,
      chains: [9002, 9003, 9004],
    })
    const flags = parseCli(
      ['--api-port', '7000', '--chain-ports=7001,7002,7003', '--secure-port', '7004'],
      env,
    )
    expect(flags.start.ports).toEqual({
      api: 7000,
      relay: 9001,
      secure: 7004,
      chains: [7001, 7002, 7003],
    })
  })

  it('put every part on a free port with --free-ports, unless a port is given', () => {
    expect(parseCli(['--free-ports'], { PORTICO_API_PORT: '8787' }).start.ports).toEqual({
      api: 0,
      chains: [0, 0, 0],
    })
    expect(parseCli(['--free-ports', '--chain-ports', '1,2,3'], {}).start.ports).toEqual({
      api: 0,
      chains: [1, 2, 3],
    })
  })

  it('add origins to the loopback ones, and take the host, the info file and logging', () => {
    const options = parseCli(
      [
        '--allowed-origin',
        'https://app.test',
        '--allowed-origin=http://192.168.1.20:*',
        '--host',
        '0.0.0.0',
        '--info-file',
        '/tmp/devnet.json',
        '--verbose',
      ],
      {},
    )
    expect(options).toEqual({
      help: false,
      infoFile: '/tmp/devnet.json',
      start: {
        ports: {},
        quiet: false,
        host: '0.0.0.0',
        allowedOrigins: [
          'http://127.0.0.1:*',
          'http://localhost:*',
          'https://app.test',
          'http://192.168.1.20:*',
        ],
      },
    })
  })

  it('refuse what is not a port, a wrong chain list and unknown flags', () => {
    expect(() => parseCli(['--api-port', 'x'], {})).toThrow(
      new CliError('--api-port is not a port: x'),
    )
    expect(() => parseCli([], { PORTICO_RELAY_PORT: '70000' })).toThrow(
      'PORTICO_RELAY_PORT is not a port: 70000',
    )
    expect(() => parseCli(['--chain-ports', '1,2'], {})).toThrow(
      '--chain-ports needs three ports, e.g. 8545,8546,8547',
    )
    expect(() => parseCli([], { PORTICO_CHAIN_PORTS: '1,,3' })).toThrow(
      'PORTICO_CHAIN_PORTS is not a port: ',
    )
    expect(() => parseCli(['--bogus'], {})).toThrow(CliError)
    expect(() => parseCli(['start'], {})).toThrow(CliError)
  })
})
