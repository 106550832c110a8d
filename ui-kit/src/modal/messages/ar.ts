import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type page from './en.page.js'

export default {
  'modal.close': 'إغلاق',
  'modal.back': 'رجوع',
  'modal.open': 'ربط المحفظة',
  'modal.unknownView': 'هذه الصفحة غير متاحة.',
  'modal.viewFailed': 'تعذّر تحميل هذه الصفحة.',
  'modal.retry': 'إعادة المحاولة',
  'toast.region': 'الإشعارات',
  'button.connect': 'ربط المحفظة',
  'button.account': 'الحساب',
  'button.network': 'الشبكة',
  'button.unsupportedNetwork': 'شبكة غير مدعومة',
} satisfies TranslationOf<typeof en & typeof page>
