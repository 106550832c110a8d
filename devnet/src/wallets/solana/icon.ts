const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#1b1f3b"/>' +
  '<path d="M28 30h44l-8 8H20z" fill="#14f195"/>' +
  '<path d="M20 44h44l8 8H28z" fill="#9945ff"/>' +
  '<path d="M28 58h44l-8 8H20z" fill="#19d3f3"/>' +
  '</svg>'

/** The wallet's Wallet Standard icon: a data URI, as the standard requires. */
export const DEVNET_SOLANA_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const
