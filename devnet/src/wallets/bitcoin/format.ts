import { hex } from '@scure/base'

// How the wallet's prompts show messages and amounts.

/** A message as text when it is readable UTF-8, else as hex. */
export function readable(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  const binary = [...text].some((c) => {
    const code = c.charCodeAt(0)
    return (code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t') || c === '\ufffd'
  })
  return binary ? `0x${hex.encode(bytes)}` : text
}

export function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
