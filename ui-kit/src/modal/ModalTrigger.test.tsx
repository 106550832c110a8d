import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithClient } from '../test/render.js'
import { ModalTrigger } from './ModalTrigger.js'

describe('<ModalTrigger>', () => {
  it('opens on a given view', () => {
    const { client } = renderWithClient(<ModalTrigger view="Networks">Networks</ModalTrigger>)
    fireEvent.click(screen.getByRole('button', { name: 'Networks' }))
    expect(client.modal.$view.get().view).toBe('Networks')
  })

  it('renders the app element with asChild, chaining handlers', () => {
    const onClick = vi.fn()
    const { client } = renderWithClient(
      <ModalTrigger asChild>
        <button type="button" className="app-button" onClick={onClick}>
          Wallet
        </button>
      </ModalTrigger>,
    )
    const link = screen.getByRole('button', { name: 'Wallet' })
    expect(link.className).toBe('app-button')
    expect(link.parentElement?.tagName).not.toBe('BUTTON')
    expect(link.dataset.state).toBe('closed')
    fireEvent.click(link)
    expect(onClick).toHaveBeenCalledOnce()
    expect(client.modal.$open.get()).toBe(true)
    expect(link.dataset.state).toBe('open')
  })

  it('does not open when the app prevents the click', () => {
    const { client } = renderWithClient(
      <ModalTrigger onClick={(event) => event.preventDefault()}>Open</ModalTrigger>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(client.modal.$open.get()).toBe(false)
  })
})
