import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type page from './en.page.js'

export default {
  'modal.close': '关闭',
  'modal.back': '返回',
  'modal.open': '连接钱包',
  'modal.unknownView': '此页面不可用。',
  'modal.viewFailed': '此页面加载失败。',
  'modal.retry': '重试',
  'toast.region': '通知',
  'button.connect': '连接钱包',
  'button.account': '账户',
  'button.network': '网络',
  'button.unsupportedNetwork': '不支持的网络',
} satisfies TranslationOf<typeof en & typeof page>
