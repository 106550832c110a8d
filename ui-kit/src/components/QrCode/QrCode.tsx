import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = { value: string; label: string; size?: number }

/**
 * A QR code drawn as one SVG path of dark modules (uqr encodes; nothing is injected as markup).
 * Medium error correction, a quiet zone of two modules.
 */
export default function QrCode({ value, label, size = 240 }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: count }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      data-portico-qr=""
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
