import { BitcoinWalletError } from './errors.js'

// The wallet's calls to the chain's Esplora-style REST API.

export function createEsploraClient(esploraUrl: string) {
  async function esplora(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(`${esploraUrl}${path}`, init)
    if (!response.ok) {
      let message = `${path} answered ${response.status}`
      try {
        message = ((await response.json()) as { error?: string }).error ?? message
      } catch {}
      throw new BitcoinWalletError(-32603, message)
    }
    return response
  }

  return {
    /** Broadcasts raw hex; resolves the txid. */
    async broadcast(rawHex: string): Promise<string> {
      const response = await esplora('/tx', { method: 'POST', body: rawHex })
      return (await response.text()).trim()
    },

    /** The next-block fee rate the chain suggests (sat/vB), never under the 1 sat/vB relay floor. */
    async feeRate(): Promise<number> {
      const estimates = (await (await esplora('/fee-estimates')).json()) as Record<string, number>
      const rate = estimates['1']
      return typeof rate === 'number' && rate >= 1 ? rate : 1
    },

    /** The address's unspent outputs. */
    async utxos(address: string): Promise<{ txid: string; vout: number; value: number }[]> {
      return (await (await esplora(`/address/${address}/utxo`)).json()) as {
        txid: string
        vout: number
        value: number
      }[]
    },

    /** The address's balance in sats (Esplora's chain and mempool sums). */
    async balance(address: string) {
      type Stats = { funded_txo_sum: number; spent_txo_sum: number }
      const body = (await (await esplora(`/address/${address}`)).json()) as {
        chain_stats: Stats
        mempool_stats: Stats
      }
      const confirmed = body.chain_stats.funded_txo_sum - body.chain_stats.spent_txo_sum
      const unconfirmed = body.mempool_stats.funded_txo_sum - body.mempool_stats.spent_txo_sum
      return { confirmed, unconfirmed, total: confirmed + unconfirmed }
    },
  }
}
