import { lazy, Suspense } from 'react'
import type { QrCodeProps } from './QrCode.js'

// The QR encoder loads with the WalletConnect view, not with the page.
const QrCode = lazy(() => import('./QrCode.js'))

export function LazyQrCode(props: QrCodeProps) {
  return (
    <Suspense
      fallback={
        <div
          data-portico-qr-placeholder=""
          style={{ width: props.size ?? 240, height: props.size ?? 240 }}
        />
      }
    >
      <QrCode {...props} />
    </Suspense>
  )
}
