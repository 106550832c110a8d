// The approval core of the devnet's wallets (the EVM Devnet Wallet, the Devnet Solana and
// Bitcoin Wallets, the secure site's frame): requests that need the person's consent wait in
// one queue, oldest first, until Approve or Reject decides them. Only the wallet decides what a
// rejection means to the site (4001, a Wallet Standard error, the frame's answer).

/** How a browser wallet's panel shows a request: a title and plain-text lines. */
export type ApprovalText = {
  method: string
  title: string
  /** Plain-text lines describing the request; always rendered as text, never as markup. */
  details: string[]
}

/** A request waiting in a queue, with its answer. */
export type Waiting<Request> = Request & {
  id: number
  /** Approve (true) or Reject (false); a second decision changes nothing. */
  decide(approved: boolean): void
}

/** A request waiting for the person (or Playwright) to approve or reject it. */
export type PendingApproval = Waiting<ApprovalText>

export type ApprovalQueue<Request> = {
  /** The waiting requests, oldest first (a new array after every change). */
  pending(): readonly Waiting<Request>[]
  /**
   * Waits for the person: resolves true on Approve, false on Reject, at once true with
   * `autoApprove`; rejects with the reason when the wallet drops it (`dropAll`).
   */
  ask(request: Request): Promise<boolean>
  /** Decides every waiting request: rejected (the wallet is going away). */
  rejectAll(): void
  /** Settles every waiting request with `reason` (sign out, reload). */
  dropAll(reason: Error): void
}

/** What happened to a request: it came, or it left approved, rejected or dropped. */
export type ApprovalEvent = 'arrived' | 'approved' | 'rejected' | 'dropped'

/**
 * One queue of requests waiting for consent. `changed` runs after every arrival and departure
 * (the wallet redraws), with the request and what happened to it.
 */
export function createApprovalQueue<Request extends object = ApprovalText>(options: {
  autoApprove?: boolean
  changed(request: Waiting<Request>, event: ApprovalEvent): void
}): ApprovalQueue<Request> {
  type Entry = Waiting<Request> & { drop(reason: Error): void }
  let pending: Entry[] = []
  let nextId = 1

  function leave(entry: Entry, event: ApprovalEvent): boolean {
    if (!pending.includes(entry)) return false
    pending = pending.filter((p) => p !== entry)
    options.changed(entry, event)
    return true
  }

  return {
    pending: () => pending,
    ask(request) {
      if (options.autoApprove) return Promise.resolve(true)
      return new Promise<boolean>((resolve, reject) => {
        const entry = {
          ...request,
          id: nextId++,
          decide(approved: boolean) {
            if (leave(entry, approved ? 'approved' : 'rejected')) resolve(approved)
          },
          drop(reason: Error) {
            if (leave(entry, 'dropped')) reject(reason)
          },
        } as Entry
        pending = [...pending, entry]
        options.changed(entry, 'arrived')
      })
    },
    rejectAll() {
      for (const entry of pending) entry.decide(false)
    },
    dropAll(reason) {
      for (const entry of pending) entry.drop(reason)
    },
  }
}

/** `ask`, where a rejection is the wallet's "user rejected" error. */
export async function consent(
  queue: ApprovalQueue<ApprovalText>,
  request: ApprovalText,
  rejected: () => Error,
): Promise<void> {
  if (!(await queue.ask(request))) throw rejected()
}
