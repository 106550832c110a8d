import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createTestClient, renderWithClient } from '../test/client.js'
import { ModalDialog } from './lazyDialog.js'
import { Modal } from './Modal.js'

// This file does not preload anything (it imports test/client, not test/render): it checks what
// shows when the modal opens before the dialog's code is here (a click before the browser was
// ever idle and without hovering the trigger, or an app that opens it from code at once).
describe("the modal's dialog, opened before its code arrived", () => {
  it('is not loaded with the page, shows a busy dialog at once, then the dialog', async () => {
    const client = createTestClient()
    renderWithClient(<Modal />, { client })
    expect(ModalDialog.isLoaded()).toBe(false)

    act(() => client.modal.open())
    expect(screen.getByRole('dialog').getAttribute('aria-busy')).toBe('true')
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    expect(ModalDialog.isLoaded()).toBe(true)
    const dialog = screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(dialog.getAttribute('aria-busy')).toBeNull()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    screen.getByRole('button', { name: 'Close' })
  })
})
