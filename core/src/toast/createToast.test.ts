import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS } from '../constants/index.js'
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
    toast.showError('Token Balance Unavailable')
    expect(toast.$toast.get()).toMatchObject({
      message: 'Token Balance Unavailable',
      variant: 'error',
      open: true,
    })
  })

  it('closes the open toast and shows the new one after 150 ms', () => {
    const toast = createToast()
    toast.showLoading('Authenticating...')
    toast.showSuccess('Signed in')
    expect(toast.$toast.get()).toMatchObject({ message: 'Authenticating...', open: false })
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1)
    expect(toast.$toast.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toast.$toast.get()).toMatchObject({
      message: 'Signed in',
      variant: 'success',
      open: true,
    })
  })

  it('a third message during the swap wins, with one 150 ms wait', () => {
    const toast = createToast()
    toast.showSuccess('one')
    toast.showSuccess('two')
    vi.advanceTimersByTime(100)
    toast.showError('three')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS)
    expect(toast.$toast.get()).toMatchObject({ message: 'three', open: true })
  })

  it('hide resets to the default', () => {
    const toast = createToast()
    toast.show('Copied', { svg: 'copy', autoClose: false })
    toast.hide()
    expect(toast.$toast.get()).toEqual(DEFAULT_TOAST)
  })

  it('closes by itself unless it is a loading toast', () => {
    const toast = createToast()
    toast.showSuccess('Copied')
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS)
    expect(toast.$toast.get()).toEqual(DEFAULT_TOAST)
    toast.showLoading('Authenticating...')
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS * 10)
    expect(toast.$toast.get()).toMatchObject({ message: 'Authenticating...', open: true })
  })
})
