import { useState } from 'react'

/** Props of `<WalletIcon>`: the image URL (none draws the initial), the name it stands for, the size. */
export type WalletIconProps = { src: string | undefined; name: string; size?: number }

/**
 * A wallet or token icon, only ever through `<img>` (never markup from the wallet). Decorative:
 * the name next to it carries the meaning. Falls back to the initial when there is no image.
 */
export function WalletIcon({ src, name, size = 40 }: WalletIconProps) {
  const [broken, setBroken] = useState(false)
  if (!src || broken) {
    return (
      <span
        data-portico-icon=""
        data-fallback=""
        aria-hidden="true"
        style={{ width: size, height: size }}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    )
  }
  return (
    <img
      data-portico-icon=""
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  )
}
