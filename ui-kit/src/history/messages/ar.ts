import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Transactions.title': 'النشاط',
  'history.action': 'النشاط',
  'history.empty': 'لا يوجد نشاط بعد.',
  'history.unsupported': 'النشاط متاح لحسابات EVM فقط.',
  'history.loading': 'جارٍ تحميل النشاط…',
  'history.fetchFailed': 'تعذّر جلب المعاملات',
  'history.list': 'المعاملات',
  'history.loadMore': 'تحميل مزيد من النشاط',
  'history.status.pending': 'قيد الانتظار',
  'history.status.failed': 'فشلت',
  'history.from': 'من {address}',
  'history.to': 'إلى {address}',
  'history.nft': 'NFT',
  'history.operation.send': 'إرسال',
  'history.operation.receive': 'استلام',
  'history.operation.execute': 'تنفيذ',
  'history.operation.mint': 'سكّ',
  'history.operation.burn': 'حرق',
  'history.operation.approve': 'موافقة',
  'history.operation.trade': 'مبادلة',
  'history.operation.deposit': 'إيداع',
  'history.operation.withdraw': 'سحب',
} satisfies TranslationOf<typeof en & typeof views>
