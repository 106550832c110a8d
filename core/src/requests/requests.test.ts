import { afterEach, describe, expect, it } from 'vitest'
import { unreachableFetch } from '../test-utils/client.js'
import { testNetworks } from '../test-utils/networks.js'
import { createInspectablePortico } from '../test-utils/portico.js'
import { requestsFeature } from './feature.js'

// Unsafe wallet requests waiting for the user (`client.requests.$pending`): what the UI lists
// while a wallet prompt is open, and the spec's rule that closing the modal with no transaction
// step waiting rejects them ('Request was aborted'). Only the secure frame's requests reach
// `track` through a public action, so the test tracks requests the way it does.

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function setup() {
  const built = createInspectablePortico({
    projectId: 'test',
    networks: testNetworks,
    storage: 'memory',
    logLevel: 'silent',
    fetch: unreachableFetch,
  })
  cleanups.push(() => built.client.destroy())
  const requests = built.use(requestsFeature)
  /**
   * Every rejection handed out, by method: the secure frame reloads on each (it drops the prompt
   * it shows), so a request told twice, or told after it was answered, is a reload too many.
   */
  const rejected: string[] = []
  /** A request the wallet shows: settled by `settle`, or rejected if the user walks away. */
  function ask(method: string) {
    let settle: () => void = () => undefined
    const outcome = new Promise<void>((resolve, reject) => {
      const done = requests.track(method, (reason) => {
        rejected.push(method)
        reject(reason)
      })
      settle = () => {
        done()
        resolve()
      }
    })
    const result = outcome.then(
      () => 'settled',
      (error: unknown) => error,
    )
    return { settle, result }
  }
  return { client: built.client, ask, rejected }
}

const methods = (client: ReturnType<typeof setup>['client']) =>
  client.requests.$pending.get().map((request) => request.method)

describe('unsafe wallet requests waiting for the user', () => {
  it('are listed in the order asked, each with its method and its own id', () => {
    const { client, ask } = setup()
    expect(client.requests.$pending.get()).toEqual([])
    ask('personal_sign')
    ask('eth_sendTransaction')
    ask('personal_sign')
    expect(methods(client)).toEqual(['personal_sign', 'eth_sendTransaction', 'personal_sign'])
    const ids = client.requests.$pending.get().map((request) => request.id)
    expect(new Set(ids).size).toBe(3)
  })

  it('an answered request leaves the list; the others stay', () => {
    const { client, ask } = setup()
    ask('personal_sign')
    const second = ask('eth_sendTransaction')
    ask('wallet_sendCalls')
    const before = client.requests.$pending.get()
    second.settle()
    expect(client.requests.$pending.get()).toEqual([before[0], before[2]])
    expect(methods(client)).toEqual(['personal_sign', 'wallet_sendCalls'])
  })

  it("closing the modal rejects the waiting ones with 'Request was aborted', not the answered", async () => {
    const { client, ask, rejected } = setup()
    const answered = ask('personal_sign')
    const waiting = ask('eth_signTypedData_v4')
    answered.settle()
    client.modal.open()
    expect(client.modal.close()).toBe(true)
    expect(await answered.result).toBe('settled')
    expect(await waiting.result).toMatchObject({
      code: 'REQUEST_ABORTED',
      message: 'Request was aborted',
    })
    expect(rejected).toEqual(['eth_signTypedData_v4'])
    expect(client.requests.$pending.get()).toEqual([])
  })

  it('each request is rejected once: a second close finds nothing waiting', async () => {
    const { client, ask, rejected } = setup()
    const first = ask('personal_sign')
    client.modal.open()
    client.modal.close()
    expect(await first.result).toMatchObject({ code: 'REQUEST_ABORTED' })
    const second = ask('eth_sendTransaction')
    expect(methods(client)).toEqual(['eth_sendTransaction'])
    client.modal.open()
    client.modal.close()
    expect(await second.result).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(rejected).toEqual(['personal_sign', 'eth_sendTransaction'])
    expect(client.requests.$pending.get()).toEqual([])
  })

  it('closing while a transaction step waits rejects nothing', async () => {
    const { client, ask, rejected } = setup()
    const waiting = ask('eth_sendTransaction')
    client.modal.open()
    client.modal.pushTransactionStep({ goBack: true })
    client.modal.close()
    expect(methods(client)).toEqual(['eth_sendTransaction'])
    expect(rejected).toEqual([])
    waiting.settle()
    expect(await waiting.result).toBe('settled')
    expect(client.requests.$pending.get()).toEqual([])
  })
})
