import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithClient } from '../test/client.js'
import { ModalDialog } from './lazyDialog.js'
import { ModalTrigger } from './ModalTrigger.js'

// This file does not preload anything (it imports test/client, not test/render). The idle
// prefetch is checked with the views' in lazy.test.
describe("the dialog's code, fetched before the click", () => {
  it('comes when the trigger is hovered', async () => {
    renderWithClient(<ModalTrigger />)
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    expect(ModalDialog.isLoaded()).toBe(false)
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Connect wallet' }))
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    expect(ModalDialog.isLoaded()).toBe(true)
  })
})
