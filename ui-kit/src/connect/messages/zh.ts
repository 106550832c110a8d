import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Connect.title': '连接钱包',
  'view.AllWallets.title': '所有钱包',
  'view.ConnectingExternal.title': '正在连接',
  'connect.empty': '此浏览器中未找到钱包。',
  'connect.list': '钱包',
  'connect.recent': '最近使用',
  'connect.allWallets': '所有钱包',
  'connect.listError': '无法加载钱包列表。请检查网络连接和 projectId。',
  'connect.retry': '重试',
  'connect.alertHint.PROJECT_ID_NOT_CONFIGURED':
    '请将 Reown Cloud 项目（cloud.reown.com）的 id 传给 createPortico：钱包列表和其他托管服务都需要它。Portico devnet 不需要。',
  'connect.alertHint.INVALID_APP_CONFIGURATION': '请将本站点的源添加到项目允许的源列表中。',
  'connect.allWalletsCount': '所有钱包（{count}）',
  'allWallets.search': '搜索钱包',
  'allWallets.list': '所有钱包',
  'allWallets.count': { other: '{count} 个钱包' },
  'allWallets.noResults': '没有符合搜索条件的钱包。',
  'allWallets.loading': '正在加载钱包…',
  'allWallets.error': '无法加载钱包列表。',
  'allWallets.loadMore': '加载更多钱包',
  'connecting.continueIn': '请在 {wallet} 中继续',
  'connecting.accept': '请在钱包中接受连接请求。',
  'connecting.declined': '连接已被拒绝',
  'connecting.failed': '连接失败',
  'connecting.retry': '重试',
  'connecting.unavailable': '此浏览器中没有这个钱包。',
} satisfies TranslationOf<typeof en & typeof views>
