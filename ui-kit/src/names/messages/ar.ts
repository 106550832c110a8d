import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.RegisterAccountName.title': 'اختيار اسم',
  'view.RegisterAccountNameSuccess.title': 'سُجّل الاسم',
  'names.action': 'اختيار اسم',
  'names.label': 'الاسم',
  'names.register': 'تسجيل الاسم',
  'names.available': 'متاح',
  'names.taken': 'محجوز',
  'names.suggestions': 'اقتراحات',
  'names.signing': 'وقّع الرسالة في محفظتك…',
  'names.submitting': 'جارٍ التسجيل…',
  'names.signatureDeclined': 'رُفض التوقيع',
  'names.success': 'أصبح {name} لك.',
  'names.done': 'تم',
  'names.rule': 'يحتاج الاسم إلى 4 أحرف على الأقل، من الحروف والأرقام والشَّرطات فقط',
} satisfies TranslationOf<typeof en & typeof views>
