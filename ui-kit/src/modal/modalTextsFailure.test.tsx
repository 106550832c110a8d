import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { errorsUi } from '../errors/feature.js'
import { UI_FEATURES } from '../features.js'
import { tablesOf } from '../kit/messages.js'
import { renderWithClient } from '../test/client.js'
import { Modal } from './Modal.js'

// This file does not preload anything (it imports test/client, not test/render), and its module
// state is its own: the modal opens before its texts (titles, errors) were ever fetched.
const state = () => tablesOf(UI_FEATURES).$modal.get().state

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled()
  })
}

describe('the modal opened before its texts are here', () => {
  it('shows a busy body and no made-up title, a retry if they fail, then the view', async () => {
    const load = vi
      .spyOn(errorsUi.messages as { modal: () => Promise<{ default: object }> }, 'modal')
      .mockRejectedValueOnce(new Error('offline'))
    renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    expect(state()).toBe('idle')
    // A click before the browser was ever idle: nothing was prefetched.
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog.querySelector('[data-portico-view-loading][aria-busy="true"]')).not.toBeNull()
    expect(dialog.querySelector('[data-portico-title]')?.textContent).toBe('')
    // Close and Back keep their names: the page has them.
    within(dialog).getByRole('button', { name: 'Close' })
    await settle()
    expect(state()).toBe('failed')
    within(dialog).getByRole('alert')
    expect(within(dialog).getByRole('alert').textContent).toBe('This view could not be loaded.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await settle()
    expect(load).toHaveBeenCalledTimes(2)
    expect(state()).toBe('loaded')
    const named = screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(named.querySelector('[data-portico-view-loading]')).toBeNull()
  })
})
