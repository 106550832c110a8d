import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// When the kit's English arrives. Nothing is preloaded (test/client, not test/render), and each
// test starts from a fresh page: new modules, so no earlier test has fetched anything.
async function freshPage() {
  vi.resetModules()
  const [{ ConnectButton }, { Modal }, { ModalDialog, ToastText }, client, messages] =
    await Promise.all([
      import('../buttons/ConnectButton.js'),
      import('../modal/Modal.js'),
      import('../modal/lazyDialog.js'),
      import('../test/client.js'),
      import('./messages.js'),
    ])
  return {
    ...client,
    ConnectButton,
    Modal,
    page: (await import('../modal/messages/en.page.js')).default,
    // Every feature's English comes with the modal's code (the feature list).
    english: () => ModalDialog.isLoaded() || ToastText.isLoaded(),
    useMessages: async () => (await import('../messages/useAllMessages.js')).useMessages,
  }
}

/** An app's component that reads a text of the kit (this page's `useMessages`). */
function Status({
  useMessages,
}: {
  useMessages: () => { t(key: string): string; has(key: string): boolean }
}) {
  const { t, has } = useMessages()
  return <p>{has('history.fetchFailed') ? t('history.fetchFailed') : 'waiting'}</p>
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled()
  })
}

describe("the kit's English: only the buttons' texts with the page, the rest with the dialog's code", () => {
  it('the page carries the texts of what shows before the modal loads, and nothing else', async () => {
    const { page } = await freshPage()
    expect(page).toEqual({
      'modal.open': 'Connect wallet',
      'modal.viewFailed': 'This view could not be loaded.',
      'modal.retry': 'Try again',
      'toast.region': 'Notifications',
      'button.connect': 'Connect wallet',
      'button.account': 'Account',
      'button.network': 'Network',
      'button.unsupportedNetwork': 'Unsupported network',
    })
  })

  it('nothing fetches them before the page is idle; idle brings them with the dialog', async () => {
    const { renderWithClient, ConnectButton, Modal, english } = await freshPage()
    renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    await settle()
    expect(english()).toBe(false)
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    await settle()
    expect(english()).toBe(true)
  })

  it('opened before the page was idle: the dialog is busy until its code and texts are here', async () => {
    const { renderWithClient, Modal, english } = await freshPage()
    const { client } = renderWithClient(<Modal />)
    act(() => client.modal.open())
    expect(screen.getByRole('dialog').getAttribute('aria-busy')).toBe('true')
    expect(english()).toBe(false)
    await settle()
    await settle()
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Escape closes the busy dialog, as it closes the loaded one', async () => {
    const { renderWithClient, Modal } = await freshPage()
    const { client } = renderWithClient(<Modal />)
    act(() => client.modal.open())
    expect(screen.getByRole('dialog').getAttribute('aria-busy')).toBe('true')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(client.modal.$open.get()).toBe(false)
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a click outside closes the busy dialog too', async () => {
    const { renderWithClient, Modal } = await freshPage()
    const { client } = renderWithClient(<Modal />)
    act(() => client.modal.open())
    const overlay = document.querySelector('[data-portico-overlay]')
    expect(overlay).not.toBeNull()
    fireEvent.click(overlay as Element)
    expect(client.modal.$open.get()).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a toast that comes before the texts shows once they are here, never as its key', async () => {
    const { renderWithClient, ConnectButton, Modal, english } = await freshPage()
    const { client } = renderWithClient(
      <>
        <ConnectButton />
        <Modal />
      </>,
    )
    await settle()
    const region = screen.getByRole('status', { name: 'Notifications' })
    act(() => client.toast.showError({ key: 'balances.unavailable' }))
    expect(region.textContent).toBe('')
    await settle()
    expect(english()).toBe(true)
    expect(region.textContent).toBe('Token Balance Unavailable')
  })

  it("an app's own toast text needs no table: it shows at once", async () => {
    const { renderWithClient, Modal, english } = await freshPage()
    const { client } = renderWithClient(<Modal />)
    const region = screen.getByRole('status', { name: 'Notifications' })
    act(() => client.toast.showSuccess({ text: 'Saved' }))
    expect(region.textContent).toBe('Saved')
    expect(english()).toBe(false)
  })
})

describe('useMessages() brings the English it renders', () => {
  it('a text of the kit used outside the modal shows at once, the modal never loaded', async () => {
    const { renderWithClient, useMessages, english } = await freshPage()
    renderWithClient(<Status useMessages={await useMessages()} />)
    expect(screen.getByText('Failed to fetch transactions')).toBeTruthy()
    expect(english()).toBe(false)
  })
})
