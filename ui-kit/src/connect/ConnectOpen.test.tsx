import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

/**
 * The click that opens the modal must stay one short task (no long task on a slow phone): the
 * Connect view draws what is known, and what it has to ask a server for is asked after the first
 * frame.
 */
describe('opening the Connect view', () => {
  it('draws the view in the click and asks the wallet list only after the first frame', async () => {
    const asked: string[] = []
    const fetch: typeof globalThis.fetch = async (input) => {
      asked.push(new URL(String(input)).pathname)
      return Response.json({ count: 1, data: [{ id: 'w1', name: 'Listed Wallet' }] })
    }
    const client = createTestClient({ projectId: '2f05a7cde2bb14b1d1d5ef1dd9e8ba5f', fetch })
    renderWithClient(<Modal />, { client })
    // The listing's code came before the click (idle, or the pointer over the button).
    client.modal.prefetch('Connect')
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    act(() => client.modal.open())
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy()
    // The rest of the click's task: its microtasks, not the next frame's timers.
    for (let i = 0; i < 50; i++) await Promise.resolve()
    expect(asked).toEqual([])
    await waitFor(() => expect(asked).toContain('/getWallets'))
    expect(await screen.findByRole('button', { name: /Listed Wallet/ })).toBeTruthy()
  })
})
