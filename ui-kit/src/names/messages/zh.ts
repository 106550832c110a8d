import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.RegisterAccountName.title': '选择名称',
  'view.RegisterAccountNameSuccess.title': '名称已注册',
  'names.action': '选择名称',
  'names.label': '名称',
  'names.register': '注册名称',
  'names.available': '可用',
  'names.taken': '已被占用',
  'names.suggestions': '建议',
  'names.signing': '请在钱包中签署消息…',
  'names.submitting': '正在注册…',
  'names.signatureDeclined': '签名已被拒绝',
  'names.success': '{name} 现在属于你了。',
  'names.done': '完成',
  'names.rule': '名称至少需要 4 个字符，只能包含字母、数字和连字符',
} satisfies TranslationOf<typeof en & typeof views>
