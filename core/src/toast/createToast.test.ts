import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToast, DEFAULT_TOAST } from './createToast.js'

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

  it('hide resets to the default', () => {
    const toast = createToast()
    toast.show({ text: 'Copied' }, { svg: 'copy', autoClose: false })
    toast.hide()
    expect(toast.$toast.get()).toEqual(DEFAULT_TOAST)
  })

  it('closes by itself unless it is a loading toast', () => {
    const toast = createToast()
    toast.showSuccess({ text: 'Copied' })
    vi.advanceTimersByTime(2_500)
    expect(toast.$toast.get()).toEqual(DEFAULT_TOAST)
    toast.showLoading({ text: 'Authenticating...' })
    vi.advanceTimersByTime(25_000)
    expect(toast.$toast.get()).toMatchObject({ message: { text: 'Authenticating...' }, open: true })
  })
})
