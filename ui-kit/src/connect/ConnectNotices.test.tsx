import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Modal } from '../modal/Modal.js'
import { createTestClient, renderWithClient } from '../test/render.js'

/**
 * A new user pastes the README's snippet and opens the modal before replacing the placeholder
 * project id, on a machine that cannot reach the hosted services: the Connect view says why the
 * list is empty instead of showing almost nothing.
 */
describe('Connect with a placeholder project id and no network', () => {
  it('names the missing project id, says the list could not load, and retries', async () => {
    let requests = 0
    const offline: typeof fetch = async () => {
      requests++
      throw new TypeError('fetch failed: getaddrinfo ENOTFOUND api.web3modal.org')
    }
    const client = createTestClient({ projectId: 'your-project-id', fetch: offline })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open())
    const alert = await screen.findByText('Project id not configured')
    expect(alert.closest('[role="alert"]')?.textContent).toBe(
      'Project id not configured Pass the id of your Reown Cloud project (cloud.reown.com) to createPortico: the wallet list and the other hosted services need it. The Portico devnet needs none.',
    )
    const error = await screen.findByText(
      /^The wallet list could not be loaded\. Check the internet connection and the projectId\./,
    )
    expect(error.closest('[role="alert"]')).not.toBeNull()
    const before = requests
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(requests).toBeGreaterThan(before))
  })

  it('shows neither notice for a configured project whose list loads', async () => {
    const online: typeof fetch = async () => Response.json({ count: 0, data: [] })
    const client = createTestClient({
      projectId: '2f05a7cde2bb14b1d1d5ef1dd9e8ba5f',
      fetch: online,
    })
    renderWithClient(<Modal />, { client })
    act(() => client.modal.open())
    await waitFor(() => expect(client.wallets.$listStatus.get()).toBe('success'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
