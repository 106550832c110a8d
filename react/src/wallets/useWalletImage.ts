import { useStore } from '@nanostores/react'
import type { ListedWallet } from '@portico/core'
import { useEffect } from 'react'
import { usePortico } from '../context/usePortico.js'

/**
 * The image URL of a listed wallet: its own URL, or its explorer image loaded as an object URL once
 * `visible` (so only wallets on screen are fetched).
 */
export function useWalletImage(wallet: ListedWallet, visible: boolean): string | undefined {
  const { wallets } = usePortico()
  const images = useStore(wallets.$images)
  const imageId = wallet.imageUrl ? undefined : wallet.imageId
  useEffect(() => {
    if (imageId && visible) void wallets.loadImage(imageId)
  }, [imageId, visible, wallets])
  return wallet.imageUrl ?? (imageId ? images[imageId] : undefined)
}
