import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.WalletReceive.title': 'استلام',
  'receive.action': 'استلام',
  'receive.copy': 'نسخ العنوان',
  'receive.copied': 'نُسخ العنوان',
  'receive.copyFailed': 'تعذّر نسخ العنوان',
  'receive.qrLabel': 'رمز QR لعنوانك',
  'receive.networks': 'يمكنك الاستلام على',
  'receive.warning': 'لا ترسل إلى هذا العنوان إلا رموزًا من هذه الشبكات.',
} satisfies TranslationOf<typeof en & typeof views>
