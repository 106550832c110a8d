import { PorticoProvider } from '@portico/react'
import { act, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createTestClient, renderWithClient } from '../test/render.js'
import { Modal } from './Modal.js'

function App({ onChange }: { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        My wallet button
      </button>
      <output aria-label="Open state">{String(open)}</output>
      <Modal
        open={open}
        onOpenChange={(next) => {
          onChange?.(next)
          setOpen(next)
        }}
      />
    </>
  )
}

describe('a controlled modal', () => {
  it('opens and closes with the open prop, and tells the app when the user closes it', () => {
    const onChange = vi.fn()
    const { client } = renderWithClient(<App onChange={onChange} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'My wallet button' }))
    screen.getByRole('dialog', { name: 'Connect wallet' })
    expect(client.modal.$open.get()).toBe(true)
    // The app asked for it: no echo.
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onChange).toHaveBeenCalledExactlyOnceWith(false)
    expect(screen.getByLabelText('Open state').textContent).toBe('false')
  })

  it('reports an open that comes from the client (a rule or another button)', () => {
    const onChange = vi.fn()
    const { client } = renderWithClient(<App onChange={onChange} />)
    act(() => client.modal.open({ view: 'Networks' }))
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true)
    expect(screen.getByLabelText('Open state').textContent).toBe('true')
    screen.getByRole('dialog', { name: 'Networks' })
  })

  it('closes when the prop turns false', () => {
    const client = createTestClient()
    const { rerender } = renderWithClient(<Modal open />, { client })
    screen.getByRole('dialog')
    rerender(
      <PorticoProvider client={client}>
        <Modal open={false} />
      </PorticoProvider>,
    )
    expect(client.modal.$open.get()).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('works uncontrolled too, with onOpenChange as a listener', () => {
    const onOpenChange = vi.fn()
    const { client } = renderWithClient(<Modal onOpenChange={onOpenChange} />)
    act(() => client.modal.open())
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onOpenChange.mock.calls).toEqual([[true], [false]])
  })
})
