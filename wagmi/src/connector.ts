import {
  type ConnectionState,
  type Eip1193Provider,
  isPorticoError,
  type PorticoClient,
  type PorticoNetwork,
} from '@portico/core'
import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { ChainNotConfiguredError, createConnector } from 'wagmi'
import { providerOf } from './provider.js'

/** The id (and type) of the connector in wagmi's config: `config.connectors`, `connector.id`. */
export const PORTICO_CONNECTOR_ID = 'portico'

/** Options of `porticoConnector`. */
export type PorticoConnectorOptions = {
  /** The name wagmi shows (`connector.name`); `Portico` by default. */
  name?: string
}

/** An EVM account as wagmi sees one: its address and chain. */
type Account = { address: Address; chainId: number }

/** `eip155:8453` → 8453; anything else → undefined. */
export function evmChainId(caipNetworkId: string | undefined): number | undefined {
  const match = /^eip155:(\d+)$/.exec(caipNetworkId ?? '')
  return match ? Number(match[1]) : undefined
}

/** Portico's eip155 connection as wagmi sees it: an account while connected, else undefined. */
function accountOf(connection: ConnectionState | undefined): Account | undefined {
  if (connection?.status !== 'connected' || !connection.address) return undefined
  const chainId = evmChainId(connection.chainId)
  if (chainId === undefined) return undefined
  return { address: getAddress(connection.address), chainId }
}

const modalClosed = () =>
  new UserRejectedRequestError(new Error('The Portico modal was closed without connecting.'))

/**
 * A wagmi connector over a Portico client: wagmi's `connect` opens Portico's modal, and Portico's
 * eip155 connection is wagmi's. Accounts, chain and status are read from Portico's stores, and
 * whatever changes there (a connection, an account or chain switched in the wallet or the modal,
 * a disconnect) is told to wagmi; wagmi's `disconnect` and `switchChain` go to Portico's.
 *
 * @example
 * const config = createConfig({ chains, transports, connectors: [porticoConnector(portico)] })
 */
export function porticoConnector(client: PorticoClient, options: PorticoConnectorOptions = {}) {
  const eip155 = () => client.connection.$connections.get().eip155
  const current = () => accountOf(eip155())
  const isEip155Network = (network: PorticoNetwork) => evmChainId(network.id) !== undefined
  // Restores Portico's stored connection (the same promise every time: safe to call often), so
  // that wagmi's `reconnect` finds what Portico finds.
  const ready = () => client.connection.reconnect()

  return createConnector<Eip1193Provider>((config) => {
    // What wagmi was last told: the account while connected, undefined while not.
    let told: Account | undefined

    function follow(account: Account | undefined, status: ConnectionState['status'] | undefined) {
      if (account) {
        if (!told) config.emitter.emit('connect', { accounts: [account.address], ...account })
        else if (told.address !== account.address) {
          config.emitter.emit('change', { accounts: [account.address] })
        }
        if (told && told.chainId !== account.chainId) {
          config.emitter.emit('change', { chainId: account.chainId })
        }
        told = account
      } else if (told && (status === undefined || status === 'disconnected')) {
        // Connecting and reconnecting are on the way somewhere: only an end is a disconnect.
        told = undefined
        config.emitter.emit('disconnect')
      }
    }

    /** Waits for Portico's eip155 account; rejects once the modal is closed without one. */
    function waitForAccount(): Promise<Account> {
      return new Promise((resolve, reject) => {
        const stops: (() => void)[] = []
        const check = () => {
          const account = current()
          const status = eip155()?.status
          const settled = account
            ? () => resolve(account)
            : !client.modal.$open.get() && status !== 'connecting' && status !== 'reconnecting'
              ? () => reject(modalClosed())
              : undefined
          if (!settled) return
          for (const stop of stops) stop()
          settled()
        }
        stops.push(client.connection.$connections.listen(check), client.modal.$open.listen(check))
      })
    }

    return {
      id: PORTICO_CONNECTOR_ID,
      name: options.name ?? 'Portico',
      type: PORTICO_CONNECTOR_ID,

      async setup() {
        client.connection.$connections.listen((connections) => {
          const connection = connections.eip155
          follow(accountOf(connection), connection?.status)
        })
        // Connected before wagmi's config existed: say so once the config is built.
        const account = current()
        if (account) queueMicrotask(() => follow(current(), eip155()?.status))
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let account = current()
        if (isReconnecting) {
          await ready()
          account = current()
          // Nothing to restore: wagmi's `reconnect` moves on.
          if (!account) throw new Error('Portico restored no EVM connection.')
        } else if (!account) {
          if (client.network.$activeNamespace.get() !== 'eip155') {
            client.connection.switchNamespace('eip155')
          }
          const connected = waitForAccount()
          client.modal.open()
          account = await connected
        }
        told ??= account
        if (chainId !== undefined && chainId !== account.chainId) {
          await this.switchChain?.({ chainId })
          account = current() ?? account
        }
        const accounts = withCapabilities
          ? [{ address: account.address, capabilities: {} }]
          : [account.address]
        return { accounts: accounts as never, chainId: account.chainId }
      },

      async disconnect() {
        await client.connection.disconnect({ namespace: 'eip155' })
      },

      async getAccounts() {
        const account = current()
        return account ? [account.address] : []
      },

      async getChainId() {
        const chainId =
          current()?.chainId ?? evmChainId(client.network.$activeNetworks.get().eip155?.id)
        return chainId ?? config.chains[0].id
      },

      async getProvider() {
        // wagmi's `reconnect` asks for the provider before anything else: the stored connection
        // must be back by then.
        await ready()
        return providerOf(client)
      },

      async isAuthorized() {
        await ready()
        return current() !== undefined
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        const network = client.options.networks.find(
          (n) => isEip155Network(n) && evmChainId(n.id) === chainId,
        )
        if (!chain || !network) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await client.connection.switchNetwork(network)
        } catch (error) {
          if (isPorticoError(error) && error.code === 'USER_REJECTED') {
            throw new UserRejectedRequestError(error)
          }
          throw new SwitchChainError(error as Error)
        }
        return chain
      },

      // Portico's stores are the source of truth; these tell wagmi what a provider event says.
      onAccountsChanged(accounts) {
        const [first] = accounts
        if (!first) this.onDisconnect()
        else config.emitter.emit('change', { accounts: [getAddress(first)] })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      onDisconnect() {
        told = undefined
        config.emitter.emit('disconnect')
      },
    }
  })
}
