import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.ConnectingWalletConnect.title': 'WalletConnect',
  'walletConnect.tabs': '连接方式',
  'walletConnect.tab.qrcode': '二维码',
  'walletConnect.tab.mobile': '手机',
  'walletConnect.tab.desktop': '桌面端',
  'walletConnect.tab.web': '网页版',
  'walletConnect.qrLabel': '用钱包扫描的二维码',
  'walletConnect.scan': '请用手机上的钱包应用扫描此二维码。',
  'walletConnect.copy': '复制链接',
  'walletConnect.copied': '链接已复制',
  'walletConnect.copyFailed': '无法复制链接',
  'walletConnect.preparing': '正在准备连接…',
  'walletConnect.open': '打开 {wallet}',
  'walletConnect.failed': '连接失败。',
  'walletConnect.retry': '重试',
  'walletConnect.linkFailed': '无法打开此钱包链接。',
} satisfies TranslationOf<typeof en & typeof views>
