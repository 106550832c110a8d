import { getSdkError } from '@walletconnect/utils'
import { type Address, getAddress } from 'viem'
import { unrecognizedChain } from '../evm/errors.js'
import { chainOfAccount, unique, type WalletContext } from './context.js'
import { chainIdHex } from './methods.js'

// Session changes the wallet makes: chains added, accounts switched, events sent, sessions
// ended.

/** The accounts a session exposes on one chain (CAIP-2). */
export function sessionAccounts(context: WalletContext, topic: string, caip: string): Address[] {
  const session = context.client.session.get(topic)
  return Object.values(session.namespaces)
    .flatMap((ns) => ns.accounts)
    .filter((id) => id.startsWith(`${caip}:`))
    .map((id) => getAddress(id.split(':')[2] as string))
}

/** Adds a chain (and the session's account on it) to a session, once the dapp acknowledged. */
export async function addChainToSession(context: WalletContext, topic: string, chainId: number) {
  const { client } = context
  const session = client.session.get(topic)
  const caip = `eip155:${chainId}`
  const eip155 = session.namespaces.eip155
  if (!eip155 || (eip155.chains ?? []).includes(caip)) return
  const address =
    sessionAccounts(context, topic, eip155.chains?.[0] ?? '')[0] ?? context.account().address
  const { acknowledged } = await client.update({
    topic,
    namespaces: {
      ...session.namespaces,
      eip155: {
        ...eip155,
        chains: [...(eip155.chains ?? []), caip],
        accounts: [...eip155.accounts, `${caip}:${address}`],
      },
    },
  })
  await acknowledged()
  context.changed()
}

export async function emitEvent(
  context: WalletContext,
  topic: string,
  chainId: string,
  event: { name: string; data: unknown },
) {
  await context.client.emit({ topic, chainId, event })
}

/** Exposes another account in every session and says so with accountsChanged. */
export async function selectAccount(context: WalletContext, index: number) {
  const chosen = context.hdAccounts[index]
  if (!chosen) throw new Error(`no account ${index}`)
  context.state.accountIndex = index
  context.changed()
  for (const session of context.activeSessions()) {
    const namespaces = Object.fromEntries(
      Object.entries(session.namespaces).map(([key, ns]) => [
        key,
        {
          ...ns,
          accounts: unique(ns.accounts.map((id) => `${chainOfAccount(id)}:${chosen.address}`)),
        },
      ]),
    )
    const { acknowledged } = await context.client.update({ topic: session.topic, namespaces })
    await acknowledged()
    const first = context.sessionInfo(session).chains[0]
    if (first) {
      await emitEvent(context, session.topic, first, {
        name: 'accountsChanged',
        data: [chosen.address],
      })
    }
  }
  context.changed()
}

/** Wallet-side network switch: chainChanged in every session (the chain added if needed). */
export async function switchChain(context: WalletContext, chainId: number) {
  if (!context.chainOf(`eip155:${chainId}`)) throw unrecognizedChain(chainIdHex(chainId))
  for (const session of context.activeSessions()) {
    await addChainToSession(context, session.topic, chainId)
    await emitEvent(context, session.topic, `eip155:${chainId}`, {
      name: 'chainChanged',
      data: chainId,
    })
  }
}

export async function emitAccountsChanged(context: WalletContext, accounts?: Address[]) {
  for (const session of context.activeSessions()) {
    const first = context.sessionInfo(session).chains[0]
    if (!first) continue
    await emitEvent(context, session.topic, first, {
      name: 'accountsChanged',
      data: accounts ?? [context.account().address],
    })
  }
}

/** Ends the session (every session by default): the dapp receives session_delete. */
export async function disconnect(context: WalletContext, topic?: string) {
  const targets = context.activeSessions().filter((s) => topic === undefined || s.topic === topic)
  for (const session of targets) {
    for (const request of context.requests.items.filter((r) => r.topic === session.topic)) {
      context.requests.remove(request)
    }
    await context.client.disconnect({
      topic: session.topic,
      reason: getSdkError('USER_DISCONNECTED'),
    })
  }
  context.changed()
}

/** A session gone (deleted by the dapp, expired): its requests leave the list. */
export function onSessionGone(context: WalletContext, { topic }: { topic: string }) {
  for (const request of context.requests.items.filter((r) => r.topic === topic)) {
    context.requests.remove(request)
  }
  context.changed()
}
