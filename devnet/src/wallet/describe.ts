import { formatEther, hexToString, isHex } from 'viem'

/** A message as text when it is readable UTF-8, else as the hex it came in. */
export function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Control characters other than whitespace mean it was not meant as text.
    const binary = [...text].some((c) => {
      const code = c.charCodeAt(0)
      return code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t'
    })
    return binary || text.includes('\ufffd') ? message : text
  } catch {
    return message
  }
}

export type TransactionFields = {
  from?: string
  to?: string | null
  value?: string
  data?: string
  input?: string
  gas?: string
}

export function describeTransaction(tx: TransactionFields, chainName: string): string[] {
  const data = tx.data ?? tx.input
  const lines = [
    `Network: ${chainName}`,
    `From: ${tx.from ?? '(selected account)'}`,
    `To: ${tx.to ?? '(contract creation)'}`,
    `Value: ${tx.value ? formatEther(BigInt(tx.value)) : '0'} ETH`,
  ]
  if (data && data !== '0x') {
    lines.push(
      `Data: ${data.length > 138 ? `${data.slice(0, 138)}… (${(data.length - 2) / 2} bytes)` : data}`,
    )
  }
  if (tx.gas) lines.push(`Gas limit: ${BigInt(tx.gas)}`)
  return lines
}
