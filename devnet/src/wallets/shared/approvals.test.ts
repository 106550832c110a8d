import { describe, expect, it } from 'vitest'
import { type ApprovalEvent, consent, createApprovalQueue } from './approvals.js'

const request = (title: string) => ({ method: 'personal_sign', title, details: [`about ${title}`] })

/** A queue that notes what happened to each request, as a wallet's UI would see it. */
function watched(autoApprove = false) {
  const events: string[] = []
  const queue = createApprovalQueue({
    autoApprove,
    changed: (entry, event: ApprovalEvent) => events.push(`${event} ${entry.title}`),
  })
  return { queue, events }
}

describe('the approval core of the devnet wallets', () => {
  it('keeps requests oldest first until decided, and answers each with its decision', async () => {
    const { queue, events } = watched()
    const first = queue.ask(request('first'))
    const second = queue.ask(request('second'))
    expect(queue.pending().map((p) => p.title)).toEqual(['first', 'second'])
    expect(queue.pending()[0]?.details).toEqual(['about first'])

    queue.pending()[1]?.decide(false)
    queue.pending()[0]?.decide(true)
    await expect(first).resolves.toBe(true)
    await expect(second).resolves.toBe(false)
    expect(queue.pending()).toEqual([])
    expect(events).toEqual(['arrived first', 'arrived second', 'rejected second', 'approved first'])
  })

  it('counts a second decision as nothing', async () => {
    const { queue, events } = watched()
    const answer = queue.ask(request('once'))
    const [pending] = queue.pending()
    pending?.decide(true)
    pending?.decide(false)
    await expect(answer).resolves.toBe(true)
    expect(events).toEqual(['arrived once', 'approved once'])
  })

  it('approves at once with autoApprove, showing nothing', async () => {
    const { queue, events } = watched(true)
    await expect(queue.ask(request('quick'))).resolves.toBe(true)
    expect(queue.pending()).toEqual([])
    expect(events).toEqual([])
  })

  it('rejects everything waiting when the wallet goes away, or drops it with a reason', async () => {
    const { queue } = watched()
    const a = queue.ask(request('a'))
    const b = queue.ask(request('b'))
    queue.rejectAll()
    await expect(Promise.all([a, b])).resolves.toEqual([false, false])

    const gone = new Error('signed out')
    const c = queue.ask(request('c'))
    queue.dropAll(gone)
    await expect(c).rejects.toBe(gone)
    expect(queue.pending()).toEqual([])
  })

  it('turns a rejection into the wallet’s own error', async () => {
    const { queue } = watched()
    const rejected = new Error('User rejected the request.')
    const asked = consent(queue, request('sign'), () => rejected)
    queue.pending()[0]?.decide(false)
    await expect(asked).rejects.toBe(rejected)

    const approved = consent(queue, request('sign again'), () => rejected)
    queue.pending()[0]?.decide(true)
    await expect(approved).resolves.toBeUndefined()
  })
})
