import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Account.title': '账户',
  'account.copy': '复制地址',
  'account.copied': '地址已复制',
  'account.copyFailed': '无法复制地址',
  'account.network': '网络：{network}',
  'account.disconnect': '断开连接',
  'account.explorer': '在区块浏览器中查看',
  'account.balance': '余额',
  'account.balanceAmount': '{amount} {symbol}',
  'account.reconnecting': '正在重新连接…',
  'account.actions': '钱包操作',
  'balances.unavailable': '代币余额不可用',
} satisfies TranslationOf<typeof en & typeof views>
