import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createModal, type ModalDependencies } from './createModal.js'
import type { ViewName } from './types.js'

function setup(overrides: Partial<ModalDependencies> = {}) {
  const dependencies = {
    defaultView: vi.fn((): ViewName => 'Connect'),
    canClose: vi.fn(() => true),
    onClose: vi.fn(),
    onPrefetch: vi.fn(),
    ...overrides,
  }
  const modal = createModal(dependencies)
  const views = () => modal.$stack.get().map((entry) => entry.view)
  return { modal, dependencies, views }
}

describe('prefetch', () => {
  it('asks for the code of the view the modal would open on, without opening it', () => {
    const { modal, dependencies } = setup({ defaultView: () => 'Account' })
    modal.prefetch()
    expect(dependencies.onPrefetch).toHaveBeenCalledWith('Account')
    modal.prefetch('Networks')
    expect(dependencies.onPrefetch).toHaveBeenLastCalledWith('Networks')
    expect(modal.$open.get()).toBe(false)
  })
})

describe('view stack', () => {
  it('starts closed on Connect with no transaction step, and opens on it', () => {
    const { modal, views } = setup()
    expect(modal.$open.get()).toBe(false)
    expect(modal.$stack.get()).toEqual([{ view: 'Connect' }])
    expect(modal.$view.get()).toEqual({ view: 'Connect' })
    expect(modal.$transactionStack.get()).toEqual([])
    modal.open()
    expect(modal.$open.get()).toBe(true)
    expect(views()).toEqual(['Connect'])
  })

  it('opens on a given view with its data', () => {
    const { modal } = setup()
    modal.open({ view: 'Account', data: { tab: 1 } })
    expect(modal.$view.get()).toEqual({ view: 'Account', data: { tab: 1 } })
  })

  it('going back pops the stack', () => {
    const { modal, views } = setup()
    modal.open()
    modal.push('AllWallets')
    modal.push('ConnectingWalletConnect', { walletId: 'x' })
    modal.back()
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(modal.$open.get()).toBe(true)
  })

  it('going back with one entry closes the modal', () => {
    const { modal } = setup()
    modal.open()
    modal.back()
    expect(modal.$open.get()).toBe(false)
  })

  it('going back with UnsupportedChain in the stack closes the modal', () => {
    const { modal, views } = setup()
    modal.open({ view: 'UnsupportedChain' })
    modal.push('Networks')
    modal.back()
    expect(modal.$open.get()).toBe(false)
    expect(views()).toEqual(['UnsupportedChain', 'Networks'])
  })

  it('leaving a view as a finished choice does goes back to the view before it, or closes', () => {
    const { modal, views } = setup()
    modal.open({ view: 'Account' })
    modal.push('Networks')
    modal.push('AllWallets')
    // From the view under the top one: back to the one before it, the views above it gone.
    modal.backFrom('Networks')
    expect(views()).toEqual(['Account'])
    expect(modal.$open.get()).toBe(true)
    // Opened on Networks itself (the network button): the choice made, the modal closes.
    modal.reset('Networks')
    modal.backFrom('Networks')
    expect(modal.$open.get()).toBe(false)
    // A view not in the stack at all: closes too.
    modal.open({ view: 'Account' })
    modal.backFrom('Networks')
    expect(modal.$open.get()).toBe(false)
  })

  it('replace swaps the top view without growing the stack', () => {
    const { modal, views } = setup()
    modal.open()
    modal.push('ConnectingExternal')
    modal.replace('Account')
    expect(views()).toEqual(['Connect', 'Account'])
    // Deeper down, only the top one is swapped.
    modal.push('Networks')
    modal.replace('UnsupportedChain')
    expect(views()).toEqual(['Connect', 'Account', 'UnsupportedChain'])
  })

  it('reset starts over from one view', () => {
    const { modal, views } = setup()
    modal.open()
    modal.push('AllWallets')
    modal.reset('Account')
    expect(views()).toEqual(['Account'])
  })

  it('the modal cannot close while sign-in is required and missing', () => {
    let signedIn = false
    const { modal } = setup({ canClose: () => signedIn })
    modal.open({ view: 'SIWXSignMessage' })
    expect(modal.close()).toBe(false)
    modal.back()
    expect(modal.$open.get()).toBe(true)
    signedIn = true
    expect(modal.close()).toBe(true)
    expect(modal.$open.get()).toBe(false)
  })

  it('closing a closed modal is done at once: no guard asked, nothing rejected', () => {
    const { modal, dependencies } = setup({ canClose: vi.fn(() => false) })
    expect(modal.close()).toBe(true)
    expect(dependencies.canClose).not.toHaveBeenCalled()
    expect(dependencies.onClose).not.toHaveBeenCalled()
  })

  it('going back to an index outside the stack changes nothing', () => {
    const { modal, views } = setup()
    modal.open()
    modal.push('AllWallets')
    for (const index of [-1, 2, 5]) {
      modal.goBackToIndex(index)
      expect(views()).toEqual(['Connect', 'AllWallets'])
    }
    modal.goBackToIndex(1)
    expect(views()).toEqual(['Connect', 'AllWallets'])
    modal.goBackToIndex(0)
    expect(views()).toEqual(['Connect'])
  })

  it('closing with no pending transaction rejects open unsafe wallet requests', () => {
    const { modal, dependencies } = setup()
    modal.open()
    modal.close()
    expect(dependencies.onClose).toHaveBeenCalledWith(false)
  })

  it('closing while a transaction step is pending leaves wallet requests alone', () => {
    const { modal, dependencies } = setup()
    modal.open({ view: 'Account' })
    modal.pushTransactionStep({ goBack: true })
    modal.push('ApproveTransaction')
    modal.close()
    expect(dependencies.onClose).toHaveBeenCalledWith(true)
  })
})

describe('transaction steps', () => {
  let ctx: ReturnType<typeof setup>
  beforeEach(() => {
    ctx = setup()
    ctx.modal.open({ view: 'Account' })
  })

  it('with no step pending, ending one changes nothing', () => {
    ctx.modal.push('AllWallets')
    for (const outcome of ['cancel', 'error', 'success'] as const) {
      ctx.modal.popTransactionStep(outcome)
      expect(ctx.views()).toEqual(['Account', 'AllWallets'])
    }
  })

  it('a step without callbacks ends without them: cancel and error go back', () => {
    ctx.modal.push('ApproveTransaction')
    ctx.modal.pushTransactionStep({})
    ctx.modal.popTransactionStep('cancel')
    expect(ctx.views()).toEqual(['Account'])
    ctx.modal.push('ApproveTransaction')
    ctx.modal.pushTransactionStep({})
    ctx.modal.popTransactionStep('error')
    expect(ctx.views()).toEqual(['Account'])
  })

  it('a success step with nowhere to go leaves the views as they are', () => {
    ctx.modal.push('ApproveTransaction')
    ctx.modal.pushTransactionStep({})
    ctx.modal.popTransactionStep('success')
    expect(ctx.views()).toEqual(['Account', 'ApproveTransaction'])
    expect(ctx.modal.$transactionStack.get()).toEqual([])
  })

  it('cancelling a step goes back', () => {
    const onCancel = vi.fn()
    ctx.modal.pushTransactionStep({ view: 'Account', onCancel })
    ctx.modal.push('ApproveTransaction')
    ctx.modal.popTransactionStep('cancel')
    expect(onCancel).toHaveBeenCalledOnce()
    expect(ctx.views()).toEqual(['Account'])
    expect(ctx.modal.$transactionStack.get()).toEqual([])
  })

  it('an error in a step goes back', () => {
    const onError = vi.fn()
    ctx.modal.pushTransactionStep({ goBack: true, onError })
    ctx.modal.push('ApproveTransaction')
    ctx.modal.popTransactionStep('error')
    expect(onError).toHaveBeenCalledOnce()
    expect(ctx.views()).toEqual(['Account'])
  })

  it('a success step can go back', () => {
    const onSuccess = vi.fn()
    ctx.modal.push('RegisterAccountName')
    ctx.modal.pushTransactionStep({ goBack: true, onSuccess })
    ctx.modal.push('RegisterAccountNameSuccess')
    ctx.modal.popTransactionStep('success')
    expect(onSuccess).toHaveBeenCalledOnce()
    expect(ctx.views()).toEqual(['Account', 'RegisterAccountName'])
  })

  it('a success step can reset to a given view', () => {
    ctx.modal.push('RegisterAccountName')
    ctx.modal.pushTransactionStep({ view: 'Account' })
    ctx.modal.push('RegisterAccountNameSuccess')
    ctx.modal.popTransactionStep('success')
    expect(ctx.views()).toEqual(['Account'])
    expect(ctx.modal.$open.get()).toBe(true)
  })

  it('a replacing success step returns to the view before ConnectingSiwe', () => {
    ctx.modal.reset('Connect')
    ctx.modal.push('ConnectingExternal')
    ctx.modal.push('ConnectingSiwe')
    ctx.modal.pushTransactionStep({ replace: true })
    ctx.modal.push('ApproveTransaction')
    ctx.modal.popTransactionStep('success')
    expect(ctx.views()).toEqual(['Connect', 'ConnectingExternal'])
    expect(ctx.modal.$open.get()).toBe(true)
  })

  it('a replacing success step closes and clears history without ConnectingSiwe', () => {
    ctx.modal.push('WalletSend')
    ctx.modal.pushTransactionStep({ replace: true })
    ctx.modal.push('ApproveTransaction')
    ctx.modal.popTransactionStep('success')
    expect(ctx.modal.$open.get()).toBe(false)
    expect(ctx.views()).toEqual(['Connect'])
    expect(ctx.modal.$transactionStack.get()).toEqual([])
  })
})

describe('leaving a view', () => {
  it('fires when the view is covered, popped, replaced or closed on, once each time', () => {
    const { modal } = setup()
    const left = vi.fn()
    modal.onLeave('ConnectingFarcaster', left)
    modal.open({ view: 'ConnectingFarcaster' })
    modal.push('Connect')
    expect(left).toHaveBeenCalledTimes(1)
    modal.back()
    modal.replace('Account')
    expect(left).toHaveBeenCalledTimes(2)
    modal.push('ConnectingFarcaster')
    modal.close()
    expect(left).toHaveBeenCalledTimes(3)
    modal.open()
    expect(left).toHaveBeenCalledTimes(3)
  })
})

describe('leaving a view, more', () => {
  it('tells every listener of the view, and no longer one that stopped listening', () => {
    const { modal } = setup()
    const first = vi.fn()
    const second = vi.fn()
    const stop = modal.onLeave('Account', first)
    modal.onLeave('Account', second)
    modal.open({ view: 'Account' })
    modal.push('Networks')
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1])
    stop()
    modal.back()
    modal.push('Networks')
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2])
  })

  it('does not fire when the view on screen stays the same', () => {
    const { modal } = setup()
    const left = vi.fn()
    modal.onLeave('Account', left)
    modal.open({ view: 'Account' })
    modal.goBackToIndex(0)
    expect(left).not.toHaveBeenCalled()
  })
})
