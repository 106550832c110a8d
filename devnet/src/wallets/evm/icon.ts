const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#3b5bdb"/>' +
  '<rect x="18" y="30" width="60" height="40" rx="8" fill="#ffffff"/>' +
  '<rect x="52" y="42" width="26" height="16" rx="5" fill="#91a7ff"/>' +
  '<circle cx="60" cy="50" r="3.5" fill="#3b5bdb"/>' +
  '<path d="M24 30 L62 18 L66 30 Z" fill="#dbe4ff"/>' +
  '</svg>'

/** The wallet's EIP-6963 icon: a data URI, as the standard requires. */
export const DEVNET_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const
