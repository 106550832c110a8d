import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.SIWXSignMessage.title': '登录',
  'view.ConnectingSiwe.title': '登录',
  'siwx.declined': '签名已拒绝',
  'siwx.loadFailed': '无法加载登录功能。请检查网络连接后重试。',
  'siwx.refused': '应用拒绝了登录：{reason}',
  'siwx.asks': '{app} 请求你登录',
  'siwx.explain': '在钱包中签署此消息，以证明你拥有该地址。此操作免费，不会发送任何交易。',
  'siwx.messageLabel': '待签名的消息',
  'siwx.preparing': '正在准备消息…',
  'siwx.prepareFailed': '无法准备消息。',
  'siwx.prepareRetry': '重新准备',
  'siwx.signing': '请在钱包中签署消息…',
  'siwx.failed': '登录失败，请重试。',
  'siwx.sign': '签名',
  'siwx.retry': '重试',
  'siwx.cancel': '取消',
} satisfies TranslationOf<typeof en & typeof views>
