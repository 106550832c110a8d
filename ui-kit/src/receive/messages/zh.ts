import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.WalletReceive.title': '接收',
  'receive.action': '接收',
  'receive.copy': '复制地址',
  'receive.copied': '地址已复制',
  'receive.copyFailed': '无法复制地址',
  'receive.qrLabel': '你的地址二维码',
  'receive.networks': '可在以下网络接收',
  'receive.warning': '请只向此地址发送这些网络上的代币。',
} satisfies TranslationOf<typeof en & typeof views>
