/**
 * DOM helpers for the devnet's own browser UIs (the Devnet Wallet panel, the mobile wallet page).
 * Text always goes in through textContent, never as markup.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}

/** `0x1234…abcd`, as wallets show accounts. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
