import { describe, expect, it } from 'vitest'
import type { Route } from './router.js'
import { startServices } from './run.js'
import { type AnyService, defineService } from './service.js'

const settings = { host: '127.0.0.1', mnemonic: 'm', log: () => undefined, testPorts: true }

/** A promise resolved from outside, to hold a start until the test lets it go. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Services that write what happens to them into one journal. */
function journal() {
  const events: string[] = []
  const service = (
    name: string,
    needs: AnyService[] = [],
    parts: { hold?: Promise<void>; fail?: Error; failStop?: Error; routes?: string[] } = {},
  ) =>
    defineService({
      name,
      needs,
      async start() {
        events.push(`start ${name}`)
        await parts.hold
        if (parts.fail) {
          events.push(`failed ${name}`)
          throw parts.fail
        }
        events.push(`started ${name}`)
        return {
          api: { name },
          stop() {
            events.push(`stop ${name}`)
            if (parts.failStop) throw parts.failStop
          },
        }
      },
      info: (api) => ({ [`${api.name}Url`]: `http://${api.name}` }),
      routes: () =>
        (parts.routes ?? []).map(
          (path): Route => ({
            method: 'GET',
            path,
            handle: () => ({ status: 200, contentType: 'text/plain', body: name }),
          }),
        ),
    })
  return { events, service }
}

describe('the service registry', () => {
  it('starts a service once what it needs has started, and the others side by side', async () => {
    const { events, service } = journal()
    const slow = gate()
    const chain = service('chain', [], { hold: slow.opened })
    const mail = service('mail')
    const api = service('api', [chain])
    const site = service('site', [chain, mail])
    const starting = startServices([api, site, chain, mail], {}, settings)

    await new Promise((resolve) => setImmediate(resolve))
    // The chain is held: what needs it waits, the mail catcher does not.
    expect(events).toEqual(['start chain', 'start mail', 'started mail'])
    slow.open()
    const running = await starting
    expect(events.slice(3)).toEqual([
      'started chain',
      'start api',
      'start site',
      'started api',
      'started site',
    ])
    expect(running.started.map((s) => s.name)).toEqual(['mail', 'chain', 'api', 'site'])
    expect(running.api(site)).toEqual({ name: 'site' })
  })

  it('hands a service the APIs it declared, and refuses one it did not', async () => {
    const { service } = journal()
    const chain = service('chain')
    const other = service('other')
    const seen: unknown[] = []
    const user = defineService({
      name: 'user',
      needs: [chain],
      start(context) {
        seen.push(context.use(chain))
        expect(() => context.use(other)).toThrow('user uses other without declaring it in needs')
        return { api: undefined }
      },
    })
    await startServices([chain, other, user], {}, settings)
    expect(seen).toEqual([{ name: 'chain' }])
  })

  it('stops in reverse: each service after everything that needs it, once', async () => {
    const { events, service } = journal()
    const chain = service('chain')
    const api = service('api', [chain])
    const site = service('site', [api])
    const running = await startServices([chain, api, site], {}, settings)
    events.length = 0

    await Promise.all([running.stop(), running.stop()])
    expect(events).toEqual(['stop site', 'stop api', 'stop chain'])
  })

  it('stops what started when one start fails, starts nothing more, and throws that failure', async () => {
    const { events, service } = journal()
    const slow = gate()
    const broken = new Error('port in use')
    const chain = service('chain')
    const mail = service('mail', [], { hold: slow.opened })
    const api = service('api', [chain], { fail: broken })
    const site = service('site', [api])
    const starting = startServices([chain, mail, api, site], {}, settings)
    const outcome = expect(starting).rejects.toBe(broken)

    await new Promise((resolve) => setImmediate(resolve))
    // The mail catcher was already starting: it finishes, then it is stopped too.
    slow.open()
    await outcome
    expect(events).toEqual([
      'start chain',
      'start mail',
      'started chain',
      'start api',
      'failed api',
      'started mail',
      'stop mail',
      'stop chain',
    ])
    expect(events).not.toContain('start site')
  })

  it('keeps stopping the others when one stop fails, then throws it', async () => {
    const { events, service } = journal()
    const chain = service('chain')
    const api = service('api', [chain], { failStop: new Error('stuck') })
    const running = await startServices([chain, api], {}, settings)
    events.length = 0
    await expect(running.stop()).rejects.toThrow('stuck')
    expect(events).toEqual(['stop api', 'stop chain'])
  })

  it('answers routes in registry order whatever order the starts finished in, and merges info', async () => {
    const { service } = journal()
    const slow = gate()
    const first = service('first', [], { hold: slow.opened, routes: ['/a', '/b'] })
    const second = service('second', [], { routes: ['/c'] })
    const starting = startServices([first, second], {}, settings)
    slow.open()
    const running = await starting
    expect(running.routes().map((route) => route.path)).toEqual(['/a', '/b', '/c'])
    expect(running.info()).toEqual({ firstUrl: 'http://first', secondUrl: 'http://second' })
  })

  it('refuses a registry with a need missing from it, twice the same name, or a cycle', async () => {
    const { service } = journal()
    const chain = service('chain')
    await expect(startServices([service('api', [chain])], {}, settings)).rejects.toThrow(
      'api needs chain, which is not in the registry',
    )
    await expect(startServices([chain, service('chain')], {}, settings)).rejects.toThrow(
      'two services are named chain',
    )
    const a: AnyService = { name: 'a', needs: [] }
    const b: AnyService = { name: 'b', needs: [a] }
    ;(a.needs as AnyService[]).push(b)
    await expect(startServices([a, b], {}, settings)).rejects.toThrow(
      'services need each other: a → b → a',
    )
  })

  it('gives a test devnet free ports unless told one, and the defaults otherwise', async () => {
    const ports: number[] = []
    const server = defineService({
      name: 'server',
      needs: [],
      start(context) {
        ports.push(context.port(undefined, 8787), context.port(9000, 8787))
        return { api: undefined }
      },
    })
    await startServices([server], {}, settings)
    await startServices([server], {}, { ...settings, testPorts: false })
    expect(ports).toEqual([0, 9000, 8787, 9000])
  })
})
