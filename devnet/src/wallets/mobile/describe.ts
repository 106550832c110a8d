import { describeSignIn, describeTransaction, readableMessage } from '../evm/describe.js'
import type { WalletConnectRequest } from '../walletconnect/types.js'
import type { MobileWalletConfig } from './config.js'

/** "Devnet (31337)" for a devnet chain, the CAIP-2 id for others. */
export function chainName(config: MobileWalletConfig, caip: string): string {
  const chain = config.chains.find((c) => `eip155:${c.chainId}` === caip)
  return chain ? `${chain.name} (${chain.chainId})` : caip
}

/** Title and text lines describing a request, from what the dapp sent. */
export function describeRequest(
  config: MobileWalletConfig,
  request: Pick<WalletConnectRequest, 'method' | 'params' | 'chainId'> &
    Partial<Pick<WalletConnectRequest, 'peer'>>,
): { title: string; lines: string[] } {
  const params = Array.isArray(request.params) ? request.params : [request.params]
  const network = `Network: ${chainName(config, request.chainId)}`
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = params.map(String)
      const looksSwapped = message?.startsWith('0x') && message.length === 42
      const readable = readableMessage((looksSwapped ? address : message) ?? '')
      // The dapp's URL is what it says about itself (the verify service would attest it).
      const signIn = describeSignIn(readable, request.peer?.url)
      return {
        title: signIn?.title ?? 'Signature request',
        lines: [
          `Account: ${looksSwapped ? message : address}`,
          network,
          ...(signIn?.lines ?? []),
          'Message:',
          readable,
        ],
      }
    }
    case 'eth_sign':
      return {
        title: 'Signature request (eth_sign)',
        lines: [`Account: ${String(params[0])}`, network, 'Data:', String(params[1])],
      }
    case 'eth_signTypedData':
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4': {
      let data: unknown = params[1]
      try {
        if (typeof data === 'string') data = JSON.parse(data)
      } catch {
        // Shown as it came.
      }
      const typed = data as { primaryType?: unknown; domain?: unknown; message?: unknown }
      return {
        title: 'Typed data signature request',
        lines: [
          `Account: ${String(params[0])}`,
          network,
          `Primary type: ${String(typed?.primaryType)}`,
          JSON.stringify({ domain: typed?.domain, message: typed?.message }, null, 2) ?? '',
        ],
      }
    }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as Parameters<typeof describeTransaction>[0]
      let lines: string[]
      try {
        lines = describeTransaction(tx, chainName(config, request.chainId))
      } catch {
        lines = [network, JSON.stringify(tx)]
      }
      return { title: 'Transaction request', lines }
    }
    case 'eth_sendRawTransaction':
      return { title: 'Signed transaction', lines: [network, String(params[0])] }
    default:
      return { title: request.method, lines: [network, JSON.stringify(request.params)] }
  }
}
