import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPROVAL_ARM_DELAY_MS, createArming } from './arming.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function arming() {
  const changes: boolean[] = []
  const gate = createArming({ now: () => Date.now(), changed: (armed) => changes.push(armed) })
  return { gate, changes }
}

describe('when Approve may act', () => {
  it('pins the moment at 1 000 ms', () => {
    expect(APPROVAL_ARM_DELAY_MS).toBe(1_000)
  })

  it('arms only after the approval was seen for the whole delay', () => {
    const { gate, changes } = arming()
    expect(gate.armed()).toBe(false)
    gate.visible(true)
    vi.advanceTimersByTime(999)
    expect(gate.armed()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.armed()).toBe(true)
    expect(changes).toEqual([true])
  })

  it('disarms at once when hidden, and counts again from the start when seen again', () => {
    const { gate } = arming()
    gate.visible(true)
    vi.advanceTimersByTime(1_000)
    gate.visible(false)
    expect(gate.armed()).toBe(false)
    gate.visible(true)
    vi.advanceTimersByTime(600)
    expect(gate.armed()).toBe(false)
    vi.advanceTimersByTime(400)
    expect(gate.armed()).toBe(true)
  })

  it('a blink of hiding in the middle restarts the delay', () => {
    const { gate } = arming()
    gate.visible(true)
    vi.advanceTimersByTime(900)
    gate.visible(false)
    gate.visible(true)
    vi.advanceTimersByTime(900)
    expect(gate.armed()).toBe(false)
  })

  it('a new request in front waits its own delay (a double click approves one)', () => {
    const { gate } = arming()
    gate.visible(true)
    vi.advanceTimersByTime(5_000)
    expect(gate.armed()).toBe(true)
    gate.newRequest()
    expect(gate.armed()).toBe(false)
    vi.advanceTimersByTime(999)
    expect(gate.armed()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.armed()).toBe(true)
  })

  it('never arms while not seen, however long it waits', () => {
    const { gate, changes } = arming()
    gate.newRequest()
    vi.advanceTimersByTime(60_000)
    expect(gate.armed()).toBe(false)
    expect(changes).toEqual([])
    gate.stop()
  })
})
