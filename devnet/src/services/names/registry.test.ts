import { describe, expect, it } from 'vitest'
import { createNameRegistry } from './registry.js'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('name registry', () => {
  it('resolves names either way, the first name of an address being its primary one', () => {
    const names = createNameRegistry(() => 1)
    names.register('Alice.portico', ALICE.toLowerCase())
    names.register('alice-too.portico', ALICE, { attributes: { bio: 'hi' } })
    expect(names.resolve('ALICE.PORTICO')).toEqual({
      name: 'alice.portico',
      address: ALICE,
      avatar: null,
      attributes: {},
      registeredAt: 1,
      updatedAt: 1,
    })
    expect(names.reverse(ALICE)?.name).toBe('alice.portico')
    expect(names.namesOf(ALICE).map((r) => r.name)).toEqual(['alice.portico', 'alice-too.portico'])
    expect(names.reverse(BOB)).toBeNull()
  })

  it('makes a name primary when asked, keeping the others in registration order', () => {
    let clock = 1
    const names = createNameRegistry(() => clock++)
    names.register('first.portico', ALICE)
    names.register('second.portico', ALICE)
    names.register('third.reown.id', ALICE, { primary: true })
    expect(names.reverse(ALICE)?.name).toBe('third.reown.id')
    expect(names.namesOf(ALICE).map((r) => r.name)).toEqual([
      'third.reown.id',
      'first.portico',
      'second.portico',
    ])
    const updated = names.register('first.portico', ALICE, { attributes: { bio: 'x' } })
    expect(updated).toMatchObject({ registeredAt: 1, updatedAt: 4 })
  })

  it('keeps a name with its owner', () => {
    const names = createNameRegistry()
    names.register('taken.portico', ALICE)
    expect(() => names.register('taken.portico', BOB)).toThrow(/already registered/)
    expect(names.register('taken.portico', ALICE, { avatar: 'a.png' }).avatar).toBe('a.png')
    expect(() => names.register('x', '0x123')).toThrow(/invalid address/)
  })
})
