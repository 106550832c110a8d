import { atom, type ReadableAtom } from 'nanostores'

/** RPC methods that change something or prove identity; they need the user's approval. */
export const UNSAFE_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

export function isUnsafeMethod(method: string): boolean {
  return (UNSAFE_METHODS as readonly string[]).includes(method)
}

/** An unsafe wallet request waiting for the user. */
export type PendingRequest = {
  id: number
  method: string
}

export type PendingRequestsFeature = {
  /** Unsafe wallet requests waiting for the user. */
  $pending: ReadableAtom<readonly PendingRequest[]>
  /** Tracks a request; `reject` is called if the user walks away. Returns a function to settle it. */
  track(method: string, reject: (reason: Error) => void): () => void
  rejectAll(reason: Error): void
}

export function createPendingRequests(): PendingRequestsFeature {
  const $pending = atom<readonly PendingRequest[]>([])
  const rejects = new Map<number, (reason: Error) => void>()
  let nextId = 1
  return {
    $pending,
    track(method, reject) {
      const id = nextId++
      rejects.set(id, reject)
      $pending.set([...$pending.get(), { id, method }])
      return () => {
        rejects.delete(id)
        $pending.set($pending.get().filter((request) => request.id !== id))
      }
    },
    rejectAll(reason) {
      const waiting = [...rejects.values()]
      rejects.clear()
      $pending.set([])
      for (const reject of waiting) reject(reason)
    },
  }
}
