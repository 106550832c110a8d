import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Connect.title': 'ربط المحفظة',
  'view.AllWallets.title': 'كل المحافظ',
  'view.ConnectingExternal.title': 'جارٍ الربط',
  'connect.empty': 'لم يُعثر على أي محفظة في هذا المتصفح.',
  'connect.list': 'المحافظ',
  'connect.recent': 'الأحدث',
  'connect.allWallets': 'كل المحافظ',
  'connect.allWalletsCount': 'كل المحافظ ({count})',
  'connect.listError': 'تعذّر تحميل قائمة المحافظ. تحقّق من الاتصال بالإنترنت ومن projectId.',
  'connect.retry': 'أعِد المحاولة',
  'connect.alertHint.PROJECT_ID_NOT_CONFIGURED':
    'مرِّر إلى createPortico معرّف مشروعك في Reown Cloud ‏(cloud.reown.com): تحتاج إليه قائمة المحافظ والخدمات المستضافة الأخرى. أما devnet الخاص بـ Portico فلا يحتاج إلى أي معرّف.',
  'connect.alertHint.INVALID_APP_CONFIGURATION':
    'أضِف أصل هذا الموقع إلى الأصول المسموح بها في مشروعك.',
  'allWallets.search': 'البحث عن محفظة',
  'allWallets.list': 'كل المحافظ',
  'allWallets.count': {
    zero: 'لا توجد محافظ',
    one: 'محفظة واحدة',
    two: 'محفظتان',
    few: '{count} محافظ',
    many: '{count} محفظة',
    other: '{count} محفظة',
  },
  'allWallets.noResults': 'لا توجد محفظة تطابق بحثك.',
  'allWallets.loading': 'جارٍ تحميل المحافظ…',
  'allWallets.error': 'تعذّر تحميل قائمة المحافظ.',
  'allWallets.loadMore': 'تحميل مزيد من المحافظ',
  'connecting.continueIn': 'تابِع في {wallet}',
  'connecting.accept': 'اقبل طلب الربط في محفظتك.',
  'connecting.declined': 'رُفض الربط',
  'connecting.failed': 'فشل الربط',
  'connecting.retry': 'إعادة المحاولة',
  'connecting.unavailable': 'هذه المحفظة غير متاحة في هذا المتصفح.',
} satisfies TranslationOf<typeof en & typeof views>
