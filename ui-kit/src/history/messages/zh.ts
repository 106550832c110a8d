import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.Transactions.title': '活动',
  'history.action': '活动',
  'history.empty': '暂无活动。',
  'history.unsupported': '仅 EVM 账户可查看活动。',
  'history.loading': '正在加载活动…',
  'history.fetchFailed': '获取交易失败',
  'history.list': '交易',
  'history.loadMore': '加载更多活动',
  'history.status.pending': '待处理',
  'history.status.failed': '失败',
  'history.from': '来自 {address}',
  'history.to': '发往 {address}',
  'history.nft': 'NFT',
  'history.operation.send': '发送',
  'history.operation.receive': '接收',
  'history.operation.execute': '执行',
  'history.operation.mint': '铸造',
  'history.operation.burn': '销毁',
  'history.operation.approve': '授权',
  'history.operation.trade': '兑换',
  'history.operation.deposit': '存入',
  'history.operation.withdraw': '提取',
} satisfies TranslationOf<typeof en & typeof views>
