import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'walletConnect.tabs': 'طرق الربط',
  'walletConnect.tab.qrcode': 'رمز QR',
  'walletConnect.tab.mobile': 'الجوال',
  'walletConnect.tab.desktop': 'سطح المكتب',
  'walletConnect.tab.web': 'تطبيق الويب',
  'walletConnect.qrLabel': 'رمز QR لمسحه بمحفظتك',
  'walletConnect.scan': 'امسح هذا الرمز بتطبيق المحفظة على هاتفك.',
  'walletConnect.copy': 'نسخ الرابط',
  'walletConnect.copied': 'نُسخ الرابط',
  'walletConnect.copyFailed': 'تعذّر نسخ الرابط',
  'walletConnect.preparing': 'جارٍ تجهيز الربط…',
  'walletConnect.open': 'فتح {wallet}',
  'walletConnect.failed': 'فشل الربط.',
  'walletConnect.retry': 'إعادة المحاولة',
  'walletConnect.linkFailed': 'تعذّر فتح رابط هذه المحفظة.',
} satisfies TranslationOf<typeof en & typeof views>
