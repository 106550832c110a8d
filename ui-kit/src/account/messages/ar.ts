import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Account.title': 'الحساب',
  'account.copy': 'نسخ العنوان',
  'account.copied': 'نُسخ العنوان',
  'account.copyFailed': 'تعذّر نسخ العنوان',
  'account.network': 'الشبكة: {network}',
  'account.disconnect': 'قطع الاتصال',
  'account.explorer': 'عرض في مستكشف الكتل',
  'account.balance': 'الرصيد',
  'account.balanceAmount': '{amount} {symbol}',
  'account.reconnecting': 'جارٍ إعادة الاتصال…',
  'account.actions': 'إجراءات المحفظة',
  'balances.unavailable': 'رصيد الرموز غير متاح',
} satisfies TranslationOf<typeof en & typeof views>
