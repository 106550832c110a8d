import type { ViewName } from '@portico/core'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ViewProps } from '../kit/types.js'
import { createTestClient, renderWithClient } from '../test/render.js'
import { Modal } from './Modal.js'
import { ModalTrigger } from './ModalTrigger.js'

afterEach(() => {
  vi.useRealTimers()
})

/** Resolves after the next frame and a timer from it: when the dialog's focus has moved. */
const afterNextPaint = () =>
  new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)))

function MyConnect({ view }: ViewProps) {
  return <p>My own {view} view</p>
}

function App(props: Parameters<typeof Modal>[0]) {
  return (
    <main>
      <ModalTrigger />
      <Modal {...props} />
    </main>
  )
}

describe('<Modal>', () => {
  it('opens from the trigger as a labelled modal dialog in document.body', () => {
    const { container } = renderWithClient(<App />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }))
    const dialog = screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('data-state')).toBe('open')
    expect(container.contains(dialog)).toBe(false)
    expect(document.body.contains(dialog)).toBe(true)
    expect(
      screen.getByRole('button', { name: 'Connect wallet' }).getAttribute('aria-expanded'),
    ).toBe('true')
  })

  it('moves focus into the dialog once it is painted, and returns it to the trigger on Escape', async () => {
    renderWithClient(<App />)
    const trigger = screen.getByRole('button', { name: 'Connect wallet' })
    trigger.focus()
    fireEvent.click(trigger)
    const dialog = screen.getByRole('dialog')
    // Not in the click's task (that would force the layout of a dialog not painted yet)...
    expect(document.activeElement).toBe(trigger)
    // ...but right after the frame that shows it.
    await act(afterNextPaint)
    expect(dialog.contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })

  it('keeps a Tab pressed before focus has moved inside the dialog', async () => {
    renderWithClient(<App />)
    const trigger = screen.getByRole('button', { name: 'Connect wallet' })
    trigger.focus()
    fireEvent.click(trigger)
    fireEvent.keyDown(trigger, { key: 'Tab' })
    const dialog = screen.getByRole('dialog')
    expect(dialog.contains(document.activeElement)).toBe(true)
    // The focus planned for after the paint leaves a control the user chose alone.
    const chosen = document.activeElement
    await act(afterNextPaint)
    expect(document.activeElement).toBe(chosen)
  })

  it('closes on Escape pressed before focus has moved inside the dialog', () => {
    renderWithClient(<App />)
    const trigger = screen.getByRole('button', { name: 'Connect wallet' })
    trigger.focus()
    fireEvent.click(trigger)
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.keyDown(trigger, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps Tab inside the dialog', () => {
    renderWithClient(<App />)
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }))
    const close = screen.getByRole('button', { name: 'Close' })
    close.focus()
    fireEvent.keyDown(close, { key: 'Tab' })
    const dialog = screen.getByRole('dialog')
    expect(dialog.contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true })
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('Escape goes back one view before it closes', () => {
    const { client } = renderWithClient(<App />)
    act(() => {
      client.modal.open()
      client.modal.push('Networks')
    })
    expect(screen.getByRole('dialog', { name: 'Networks' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('the Close button and the overlay close it', () => {
    const { client, container } = renderWithClient(<App />)
    act(() => client.modal.open())
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(client.modal.$open.get()).toBe(false)
    act(() => client.modal.open())
    const overlay = document.body.querySelector('[data-portico-overlay]')
    expect(overlay).not.toBeNull()
    expect(container.contains(overlay)).toBe(false)
    fireEvent.click(overlay!)
    expect(client.modal.$open.get()).toBe(false)
  })

  it('renders an app view in place of a built-in one', () => {
    const { client } = renderWithClient(<App views={{ Connect: MyConnect }} />)
    act(() => client.modal.open())
    expect(within(screen.getByRole('dialog')).getByText('My own Connect view')).toBeTruthy()
  })

  it('renders an app header through renderHeader', () => {
    const { client } = renderWithClient(
      <App
        renderHeader={({ title, titleId, close }) => (
          <header>
            <h1 id={titleId}>{title.toUpperCase()}</h1>
            <button type="button" onClick={close}>
              Dismiss
            </button>
          </header>
        )}
      />,
    )
    act(() => client.modal.open())
    screen.getByRole('dialog', { name: 'CONNECT WALLET' })
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(client.modal.$open.get()).toBe(false)
  })

  it('says so for a view it has no component for', () => {
    const { client } = renderWithClient(<App />)
    // Plain JavaScript (or a cast) can still name a view nobody drew; TypeScript refuses it.
    act(() => client.modal.open({ view: 'SomethingNew' as ViewName }))
    screen.getByText('This view is not available.')
  })

  it('refuses a misspelt view name at compile time', () => {
    const { client } = renderWithClient(<App />)
    // @ts-expect-error: 'Acount' is not a view (the typed names catch the typo)
    const open = () => client.modal.open({ view: 'Acount' })
    // @ts-expect-error: the trigger's view is typed too
    const trigger = <ModalTrigger view="Acount" />
    // @ts-expect-error: and so are the keys of `views`
    const modal = <Modal views={{ Acount: MyConnect }} />
    expect([typeof open, trigger.type, modal.type]).toEqual(['function', ModalTrigger, Modal])
  })

  it('renders in place when appending is disabled', () => {
    const client = createTestClient({ disableAppend: true })
    const { container } = renderWithClient(<App />, { client })
    act(() => client.modal.open())
    expect(container.contains(screen.getByRole('dialog'))).toBe(true)
  })

  it('renders inline and always visible in embedded mode, with no overlay', () => {
    const client = createTestClient({ enableEmbedded: true })
    const { container } = renderWithClient(<Modal />, { client })
    const dialog = screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(container.contains(dialog)).toBe(true)
    expect(dialog.getAttribute('aria-modal')).toBeNull()
    expect(container.querySelector('[data-portico-overlay]')).toBeNull()
  })

  it('uses the app message overrides and keeps English for the rest', () => {
    const { client } = renderWithClient(<App />, {
      messages: { 'view.Connect.title': 'Connecter un portefeuille', 'modal.open': 'Ouvrir' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }))
    screen.getByRole('dialog', { name: 'Connecter un portefeuille' })
    screen.getByRole('button', { name: 'Close' })
    expect(client.modal.$open.get()).toBe(true)
  })

  it('applies the theme as CSS variables only, dark by default', () => {
    const { client } = renderWithClient(<App />)
    act(() => client.modal.open())
    const root = document.body.querySelector<HTMLElement>('[data-portico-root]')!
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--portico-background')).toBe('#121313')
    act(() => client.theme.setThemeMode('light'))
    expect(root.dataset.theme).toBe('light')
  })
})

describe('toast region', () => {
  it('announces toasts in a polite live region', () => {
    vi.useFakeTimers()
    const { client } = renderWithClient(<Modal />)
    const region = screen.getByRole('status', { name: 'Notifications' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    act(() => client.toast.showError({ key: 'balances.unavailable' }))
    expect(within(region).getByText('Token Balance Unavailable').dataset.variant).toBe('error')
    act(() => {
      vi.runAllTimers()
    })
    expect(within(region).queryByText('Token Balance Unavailable')).toBeNull()
  })

  it('renders messages as text, never as markup', () => {
    const { client } = renderWithClient(<Modal />)
    act(() => client.toast.showError({ text: '<img src=x onerror="alert(1)">' }))
    const region = screen.getByRole('status')
    expect(region.querySelector('img')).toBeNull()
    expect(region.textContent).toContain('<img src=x onerror="alert(1)">')
  })
})
