import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createTestClient, renderWithClient } from '../test/client.js'
import { ModalDialog } from './lazyDialog.js'
import { Modal } from './Modal.js'

// The dialog's module cannot be fetched, as a chunk cannot when the network is gone or a deploy
// replaced it. (Trying again is lazyComponent's, checked with the views in kit/lazyView.test.)
vi.mock('./ModalDialog.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

describe("the modal's dialog, when its code cannot be fetched", () => {
  it('says so in the dialog and offers to try again', async () => {
    const client = createTestClient()
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open())
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    expect(ModalDialog.isLoaded()).toBe(false)
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-busy')).toBe('false')
    expect(screen.getByRole('alert').textContent).toBe('This view could not be loaded.')
    screen.getByRole('button', { name: 'Try again' })
  })
})
