import type { SolanaSignAndSendTransactionInput } from '@solana/wallet-standard-features'

// The wallet's one call to the chain: sending the transactions it signed.

/** Sends signed wire bytes with the RPC's sendTransaction (base64); resolves its signature. */
export async function sendTransaction(
  rpcUrl: string,
  bytes: Uint8Array,
  options: SolanaSignAndSendTransactionInput['options'],
): Promise<string> {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [
        btoa(binary),
        {
          encoding: 'base64',
          ...(options?.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
          ...(options?.preflightCommitment
            ? { preflightCommitment: options.preflightCommitment }
            : {}),
          ...(options?.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
          ...(options?.minContextSlot !== undefined
            ? { minContextSlot: options.minContextSlot }
            : {}),
        },
      ],
    }),
  })
  const answer = (await response.json()) as {
    result?: string
    error?: { code: number; message: string; data?: unknown }
  }
  if (answer.error) {
    throw Object.assign(new Error(answer.error.message), {
      code: answer.error.code,
      data: answer.error.data,
    })
  }
  if (typeof answer.result !== 'string') throw new Error('The RPC answered no signature.')
  return answer.result
}
