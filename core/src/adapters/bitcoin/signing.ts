import { base64 } from '@scure/base'
import type { Connector, StandardWalletAccount } from '../../connectors/index.js'
import { PorticoError } from '../../errors/index.js'
import { isRecord } from '../../storage/validators.js'
import { accountsOf, standardFeature, toStandardWalletError } from '../standardWallet.js'
import type { SignCapability } from '../types.js'
import { isBitcoinAccount } from './accounts.js'
import { ask, satsConnectOf } from './satsConnect.js'

type SignMessageFeature = {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array; protocol?: 'BIP322' }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

async function signMessage(connector: Connector, address: string, message: string) {
  const wallet = connector.wallet
  const standard = wallet
    ? standardFeature<SignMessageFeature>(wallet, 'bitcoin:signMessage', 'signMessage')
    : undefined
  if (wallet && standard) {
    const account = accountsOf(wallet.accounts, isBitcoinAccount).find((a) => a.address === address)
    if (!account)
      throw new PorticoError('WALLET_ERROR', `${connector.name} no longer shares ${address}`)
    let output: { signature?: unknown } | undefined
    try {
      ;[output] = await standard.signMessage({
        account,
        message: new TextEncoder().encode(message),
        protocol: 'BIP322',
      })
    } catch (error) {
      throw toStandardWalletError(error, 'signature request')
    }
    if (!(output?.signature instanceof Uint8Array) || output.signature.length === 0) {
      throw new PorticoError(
        'WALLET_ERROR',
        'The wallet answered the signature request with no signature',
      )
    }
    // BIP-322's simple signature is the witness, base64-encoded: what verifiers take.
    return base64.encode(output.signature)
  }
  const provider = satsConnectOf(connector)
  if (!provider) throw new PorticoError('WALLET_ERROR', `${connector.name} cannot sign messages`)
  const result = await ask(
    provider,
    'signMessage',
    { address, message, protocol: 'BIP322' },
    'signature request',
  )
  const signature = isRecord(result) ? result.signature : undefined
  if (typeof signature !== 'string' || signature.length === 0) {
    throw new PorticoError(
      'WALLET_ERROR',
      'The wallet answered the signature request with no signature',
    )
  }
  return signature
}

/** BIP-322 messages, and the sats-connect requests apps send as they are. */
export const bitcoinSigning: SignCapability = {
  signMessage,
  async request(connector, method, params) {
    const provider = satsConnectOf(connector)
    if (!provider) {
      throw new PorticoError('INVALID_INPUT', `${connector.name} takes no requests`, {
        details: { method },
      })
    }
    return ask(provider, method, params?.[0], method)
  },
}
