import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UI_FEATURES } from '../features.js'
import { tablesOf } from '../kit/messages.js'
import { createTestClient, renderWithClient } from '../test/client.js'
import { Modal } from './Modal.js'

// This file does not preload anything (it imports test/client, not test/render): it checks when
// the English only the open modal shows (titles, errors) arrives, and what shows until then. The
// module state is the file's own, so the tests run in order on one history of loads.
const state = () => tablesOf(UI_FEATURES).$modal.get().state

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Lets the dynamic imports started so far arrive (they are real module loads, not timers). */
async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled()
  })
}

describe("the modal's texts", () => {
  it('are not in the page: a toast that needs one waits for them, then shows', async () => {
    const client = createTestClient()
    renderWithClient(<Modal />, { client })
    expect(state()).toBe('idle')
    act(() => client.toast.showError({ key: 'error.USER_REJECTED' }))
    const region = screen.getByRole('status', { name: 'Notifications' })
    // Nothing half-written is announced while the text is on its way.
    expect(region.textContent).toBe('')
    await settle()
    expect(within(region).getByText('Declined in the wallet').dataset.variant).toBe('error')
    expect(state()).toBe('loaded')
  })
})
