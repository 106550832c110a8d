import { useStore } from '@nanostores/react'
import type { AsyncState, ListedWallet } from '@portico/core'
import { useEffect, useMemo, useState } from 'react'
import { asyncState } from '../async.js'
import { usePortico } from '../context/usePortico.js'

/** What `useWalletImage` returns: the image URL's async state (`data`: the URL). */
export type UseWalletImageReturnType = AsyncState<string>

/**
 * The image URL of a listed wallet: its own URL, or its explorer image loaded as an object URL once
 * `visible` (so only wallets on screen are fetched). `status` is `error` when the image could
 * not load (`error` stays undefined: the listing logs why and keeps no error).
 */
export function useWalletImage(wallet: ListedWallet, visible: boolean): UseWalletImageReturnType {
  const { wallets } = usePortico()
  const images = useStore(wallets.$images)
  const imageId = wallet.imageUrl ? undefined : wallet.imageId
  // The image id whose load gave nothing.
  const [failed, setFailed] = useState<string>()
  useEffect(() => {
    if (imageId && visible)
      void wallets.loadImage(imageId).then((url) => {
        if (!url) setFailed(imageId)
      })
  }, [imageId, visible, wallets])
  const url = wallet.imageUrl ?? (imageId ? images[imageId] : undefined)
  const isFailed = !url && !!imageId && failed === imageId
  return useMemo(
    () =>
      asyncState(
        url ? 'success' : isFailed ? 'error' : imageId && visible ? 'pending' : 'idle',
        url,
      ),
    [url, isFailed, imageId, visible],
  )
}
