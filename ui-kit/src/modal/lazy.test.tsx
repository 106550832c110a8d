import { createFakeWallet } from '@portico/core/testing'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { NetworkButton } from '../buttons/NetworkButton.js'
import { UI_FEATURES } from '../features.js'
import { createTestClient, renderWithClient } from '../test/client.js'
import { ModalDialog } from './lazyDialog.js'
import { Modal } from './Modal.js'

// This file does not preload views (it imports test/client, not test/render): it checks what
// loads when.
const loaded = () =>
  UI_FEATURES.flatMap((feature) =>
    Object.entries(feature.views ?? {})
      .filter(([, view]) => view?.isLoaded())
      .map(([name]) => name),
  ).sort()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Lets the dynamic imports started so far arrive (they are real module loads, not timers). */
async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled()
  })
}

describe('lazy views', () => {
  it('loads no view with the page, Connect when the browser is idle, and nothing else', async () => {
    renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    await settle()
    expect(loaded()).toEqual([])
    expect(ModalDialog.isLoaded()).toBe(false)
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    await settle()
    expect(loaded()).toEqual(['Connect'])
    // The dialog's own code (markup, header, focus trap) comes with it.
    expect(ModalDialog.isLoaded()).toBe(true)
  })

  it('opens on Connect at once: the view is there in the same render as the click', async () => {
    const stop = createFakeWallet().announce(window, { name: 'Fake Wallet', rdns: 'dev.fake' })
    const { client } = renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    client.connectors.startDiscovery()
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    await settle()
    expect(loaded()).toContain('Connect')
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }))
    const dialog = screen.getByRole('dialog', { name: 'Connect wallet' })
    // The view's own texts came with its code.
    within(within(dialog).getByRole('list', { name: 'Wallets' })).getByRole('button', {
      name: 'Fake Wallet',
    })
    expect(dialog.querySelector('[data-portico-view-loading]')).toBeNull()
    stop()
  })

  it('fetches the view a button opens when the pointer is over it or it has focus', async () => {
    renderWithClient(<NetworkButton />)
    const button = screen.getByRole('button', { name: 'Network Devnet' })
    expect(loaded()).not.toContain('Networks')
    fireEvent.pointerEnter(button)
    await settle()
    expect(loaded()).toContain('Networks')
  })

  it("asks core for what the first view shows (the listing's code) on idle and on intent", async () => {
    const client = createTestClient()
    const prefetch = vi.spyOn(client.modal, 'prefetch')
    renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
      { client },
    )
    expect(prefetch).not.toHaveBeenCalled()
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    expect(prefetch).toHaveBeenCalledWith('Connect')
    prefetch.mockClear()
    fireEvent.focus(screen.getByRole('button', { name: 'Connect wallet' }))
    expect(prefetch).toHaveBeenCalledWith('Connect')
    // Nothing opens and nothing is asked of a service.
    expect(client.modal.$open.get()).toBe(false)
  })

  it('shows a busy placeholder for a view not fetched yet, then fetches where it leads', async () => {
    const client = createTestClient()
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open({ view: 'UnsupportedChain' }))
    expect(document.querySelector('[data-portico-view-loading]')).not.toBeNull()
    await settle()
    expect(loaded()).toContain('UnsupportedChain')
    screen.getByRole('list', { name: 'Networks' })
    expect(document.querySelector('[data-portico-view-loading]')).toBeNull()
    expect(loaded()).not.toContain('WalletSend')
    act(() => client.modal.open({ view: 'Account' }))
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    // Account leads to Networks, Send, Receive and Activity: they arrive on idle.
    await settle()
    expect(loaded()).toEqual(
      expect.arrayContaining(['Account', 'Transactions', 'WalletReceive', 'WalletSend']),
    )
    expect(loaded()).not.toContain('RegisterAccountNameSuccess')
  })
})
