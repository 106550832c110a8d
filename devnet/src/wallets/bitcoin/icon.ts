const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#f7931a"/>' +
  '<text x="48" y="66" font-family="sans-serif" font-size="52" font-weight="700" fill="#ffffff" text-anchor="middle">B</text>' +
  '<rect x="40" y="16" width="6" height="12" fill="#ffffff"/><rect x="52" y="16" width="6" height="12" fill="#ffffff"/>' +
  '<rect x="40" y="68" width="6" height="12" fill="#ffffff"/><rect x="52" y="68" width="6" height="12" fill="#ffffff"/>' +
  '</svg>'

/** The Devnet Bitcoin Wallet's icon, a data URI as the Wallet Standard asks (no network). */
export const DEVNET_BITCOIN_WALLET_ICON: `data:image/svg+xml;base64,${string}` = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`
