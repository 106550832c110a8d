// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { installOnce, mountUi } from './install.js'

afterEach(() => {
  document.body.replaceChildren()
})

/** A wallet whose UI is one element, like the devnet wallets' panels. */
function fakeWallet(label: string, container: HTMLElement | false | undefined) {
  const unmount = mountUi(container, (into) => {
    const panel = document.createElement('div')
    panel.textContent = label
    into.append(panel)
    return () => panel.remove()
  })
  return { label, uninstall: unmount }
}

describe('putting a devnet wallet on a page', () => {
  it('replaces the wallet installed before, and uninstalling removes its UI', () => {
    const first = installOnce('portico.testWallet', () => fakeWallet('first', undefined))
    const second = installOnce('portico.testWallet', () => fakeWallet('second', undefined))
    expect(document.body.textContent).toBe('second')
    // The first one's uninstall does not take the second one off.
    first.uninstall()
    expect(document.body.textContent).toBe('second')
    second.uninstall()
    expect(document.body.textContent).toBe('')
    expect((window as unknown as Record<symbol, unknown>)[Symbol.for('portico.testWallet')]).toBe(
      undefined,
    )
  })

  it('mounts in the container given, or none with false', () => {
    const container = document.createElement('section')
    document.body.append(container)
    const wallet = installOnce('portico.testWallet', () => fakeWallet('inside', container))
    expect(container.textContent).toBe('inside')
    wallet.uninstall()
    installOnce('portico.testWallet', () => fakeWallet('hidden', false)).uninstall()
    expect(document.body.textContent).toBe('')
  })
})
