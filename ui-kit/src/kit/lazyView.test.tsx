import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyView } from './lazyView.js'
import type { ViewProps } from './types.js'

const props: ViewProps = { view: 'Networks', data: undefined }

function Loaded({ view }: ViewProps) {
  return <p>{view} is here</p>
}

describe('lazyView', () => {
  it('fetches nothing until rendered or preloaded, then once', async () => {
    const load = vi.fn(async () => ({ default: Loaded }))
    const View = lazyView(load)
    expect(load).not.toHaveBeenCalled()
    expect(View.isLoaded()).toBe(false)
    await Promise.all([View.preload(), View.preload()])
    expect(load).toHaveBeenCalledOnce()
    expect(View.isLoaded()).toBe(true)
  })

  it('renders a preloaded view in the same render, with no placeholder', async () => {
    const View = lazyView(async () => ({ default: Loaded }))
    await View.preload()
    const { container } = render(<View {...props} />)
    expect(container.textContent).toBe('Networks is here')
    expect(container.querySelector('[data-portico-view-loading]')).toBeNull()
  })

  it('shows a busy placeholder while the code loads, then the view', async () => {
    let resolve!: (module: { default: typeof Loaded }) => void
    const View = lazyView<ViewProps>(() => new Promise((r) => (resolve = r)))
    const { container } = render(<View {...props} />)
    expect(container.querySelector('[data-portico-view-loading]')?.getAttribute('aria-busy')).toBe(
      'true',
    )
    await act(async () => resolve({ default: Loaded }))
    expect(container.textContent).toBe('Networks is here')
  })

  it('offers a retry when the code could not be fetched', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Loaded })
    const View = lazyView(load)
    render(<View {...props} />)
    await screen.findByRole('alert')
    expect(screen.getByRole('alert').textContent).toBe('This view could not be loaded.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    await screen.findByText('Networks is here')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
