import { useStore } from '@nanostores/react'
import type { ToastFeature, ToastState } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/usePortico.js'

/** What `useToast` returns. */
export type UseToastReturnType = ToastState & Omit<ToastFeature, '$toast'>

/** The toast on screen and the actions that show and hide it. */
export function useToast(): UseToastReturnType {
  const { toast } = usePortico()
  const state = useStore(toast.$toast)
  return useMemo(
    () => ({
      ...state,
      show: toast.show,
      showSuccess: toast.showSuccess,
      showError: toast.showError,
      showLoading: toast.showLoading,
      hide: toast.hide,
    }),
    [state, toast],
  )
}
