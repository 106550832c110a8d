import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../client/index.js'
import { testNetworks } from '../test-utils/networks.js'
import { createToast, DEFAULT_TOAST } from './createToast.js'

/** What a closed toast is: no text, the success look, no icon, closing by itself. */
const CLOSED = {
  message: { text: '' },
  variant: 'success',
  svg: undefined,
  open: false,
  autoClose: true,
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a message with its variant', () => {
    const toast = createToast()
    toast.showError({ text: 'Token Balance Unavailable' })
    expect(toast.$toast.get()).toMatchObject({
      message: { text: 'Token Balance Unavailable' },
      variant: 'error',
      open: true,
    })
  })

  it('closes the open toast and shows the new one after 150 ms', () => {
    const toast = createToast()
    toast.showLoading({ text: 'Authenticating...' })
    toast.showSuccess({ text: 'Signed in' })
    expect(toast.$toast.get()).toMatchObject({
      message: { text: 'Authenticating...' },
      open: false,
    })
    vi.advanceTimersByTime(149)
    expect(toast.$toast.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toast.$toast.get()).toMatchObject({
      message: { text: 'Signed in' },
      variant: 'success',
      open: true,
    })
  })

  it('a third message during the swap wins, with one 150 ms wait', () => {
    const toast = createToast()
    toast.showSuccess({ text: 'one' })
    toast.showSuccess({ text: 'two' })
    vi.advanceTimersByTime(100)
    toast.showError({ text: 'three' })
    vi.advanceTimersByTime(150)
    expect(toast.$toast.get()).toMatchObject({ message: { text: 'three' }, open: true })
  })

  it('starts closed, and hide resets to that', () => {
    const toast = createToast()
    expect(toast.$toast.get()).toEqual(CLOSED)
    expect(DEFAULT_TOAST).toEqual(CLOSED)
    toast.show({ text: 'Copied' }, { svg: 'copy', autoClose: false })
    toast.hide()
    expect(toast.$toast.get()).toEqual(CLOSED)
  })

  it('a message shown with no variant is a success that closes by itself', () => {
    const toast = createToast()
    toast.show({ text: 'Copied' })
    expect(toast.$toast.get()).toEqual({
      message: { text: 'Copied' },
      variant: 'success',
      svg: undefined,
      open: true,
      autoClose: true,
    })
  })

  it("is the client's `toast`, closed when the client is destroyed", () => {
    const client = createPortico({ networks: testNetworks, storage: 'memory', logLevel: 'silent' })
    client.toast.showLoading({ text: 'Authenticating...' })
    expect(client.toast.$toast.get()).toMatchObject({ open: true, variant: 'loading' })
    client.destroy()
    expect(client.toast.$toast.get()).toEqual(CLOSED)
  })

  it('closes by itself unless it is a loading toast', () => {
    const toast = createToast()
    toast.showSuccess({ text: 'Copied' })
    vi.advanceTimersByTime(2_500)
    expect(toast.$toast.get()).toEqual(CLOSED)
    toast.showLoading({ text: 'Authenticating...' })
    vi.advanceTimersByTime(25_000)
    expect(toast.$toast.get()).toMatchObject({ message: { text: 'Authenticating...' }, open: true })
  })
})
