import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.SIWXSignMessage.title': 'تسجيل الدخول',
  'view.ConnectingSiwe.title': 'تسجيل الدخول',
  'siwx.declined': 'تم رفض التوقيع',
  'siwx.loadFailed': 'تعذّر تحميل تسجيل الدخول. تحقّق من اتصالك وحاول مرة أخرى.',
  'siwx.refused': 'رفض التطبيق تسجيل الدخول: {reason}',
  'siwx.asks': 'يطلب منك {app} تسجيل الدخول',
  'siwx.explain':
    'وقّع هذه الرسالة في محفظتك لتثبت أنك تملك هذا العنوان. لا يكلّف ذلك شيئًا ولا يرسل أي معاملة.',
  'siwx.messageLabel': 'الرسالة المطلوب توقيعها',
  'siwx.preparing': 'جارٍ تجهيز الرسالة…',
  'siwx.prepareFailed': 'تعذّر تجهيز الرسالة.',
  'siwx.prepareRetry': 'جهّزها مرة أخرى',
  'siwx.signing': 'وقّع الرسالة في محفظتك…',
  'siwx.failed': 'فشل تسجيل الدخول. حاول مرة أخرى.',
  'siwx.sign': 'توقيع',
  'siwx.retry': 'حاول مرة أخرى',
  'siwx.cancel': 'إلغاء',
} satisfies TranslationOf<typeof en & typeof views>
