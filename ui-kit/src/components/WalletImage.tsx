import type { ListedWallet } from '@portico/core'
import { useWalletImage } from '@portico/react'
import { useEffect, useRef, useState } from 'react'
import { WalletIcon } from './WalletIcon.js'

/**
 * The icon of a listed wallet. Explorer images are fetched only once the icon is on screen (or at
 * once where IntersectionObserver is missing).
 */
export function WalletImage({ wallet, size = 40 }: { wallet: ListedWallet; size?: number }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [visible, setVisible] = useState(false)
  const { data: src } = useWalletImage(wallet, visible)

  useEffect(() => {
    if (visible) return
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true)
      return
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [visible])

  return (
    <span ref={ref} data-portico-image-slot="">
      <WalletIcon src={src} name={wallet.name} size={size} />
    </span>
  )
}
