import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Networks.title': 'الشبكات',
  'view.UnsupportedChain.title': 'تبديل الشبكة',
  'networks.list': 'الشبكات',
  'networks.active': 'النشطة',
  'networks.switching': 'وافِق على التبديل في محفظتك…',
  'networks.failed': 'لم تُبدَّل الشبكة.',
  'network.chainNotSupported': 'الشبكة غير مدعومة',
  'unsupported.message': 'لا يدعم هذا التطبيق شبكتك الحالية. بدّل إلى شبكة مدعومة للمتابعة.',
  'unsupported.disconnect': 'قطع الاتصال',
  'networks.group': 'شبكات {chain}',
  'namespaces.list': 'السلاسل',
  'namespaces.connect': 'ربط محفظة {chain}',
  'namespaces.disconnect': 'قطع اتصال {chain}',
  'namespaces.notConnected': 'غير متصلة',
  'namespace.eip155': 'EVM',
  'namespace.solana': 'سولانا',
  'namespace.bip122': 'بيتكوين',
  'namespace.polkadot': 'بولكادوت',
  'namespace.cosmos': 'كوزموس',
} satisfies TranslationOf<typeof en & typeof views>
