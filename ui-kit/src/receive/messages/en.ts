import type { MessageTable } from '../../kit/text.js'

/** Receiving: the address, its QR code and where it works, in English. */
export default {
  'view.WalletReceive.title': 'Receive',
  'receive.action': 'Receive',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
  'receive.qrLabel': 'QR code of your address',
  'receive.networks': 'You can receive on',
  'receive.warning': 'Only send tokens of these networks to this address.',
} as const satisfies MessageTable
