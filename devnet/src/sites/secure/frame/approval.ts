// The frame's approval UI: one unsafe request at a time, with what is asked, by which app, on
// which network, and Approve / Reject. Everything the app sent is set as text. The queue is the
// approval core the devnet's wallets share.

import { createApprovalQueue, type Waiting } from '../../../wallets/shared/approvals.js'
import { element } from '../../../wallets/shared/dom.js'

export type ApprovalRequest = {
  requestId: string
  method: string
  title: string
  /** "Name (origin)" or the origin: who asks. The origin is the one the browser reported. */
  app: string
  details: [label: string, value: string][]
  /** A message or typed data, shown in a block. */
  body?: string
}

export function createApprovalUi(options: {
  onOpen(request: ApprovalRequest): void
  onClose(request: ApprovalRequest, approved: boolean): void
}) {
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const section = byId<HTMLElement>('approval')
  const title = byId<HTMLElement>('approval-title')
  const app = byId<HTMLElement>('approval-app')
  const details = byId<HTMLElement>('approval-details')
  const body = byId<HTMLElement>('approval-body')
  const queueNote = byId<HTMLElement>('approval-queue')
  const approve = byId<HTMLButtonElement>('approval-approve')
  const reject = byId<HTMLButtonElement>('approval-reject')

  const queue = createApprovalQueue<ApprovalRequest>({
    changed(request, event) {
      if (event !== 'arrived') options.onClose(request, event === 'approved')
      const shown = render()
      // The frame shows a request when it reaches the front of the queue (not while the queue
      // is being dropped whole).
      if (shown && event !== 'dropped' && (event !== 'arrived' || shown === request)) {
        options.onOpen(shown)
      }
    },
  })

  function render(): Waiting<ApprovalRequest> | undefined {
    const waiting = queue.pending()
    const current = waiting[0]
    section.hidden = current === undefined
    if (!current) return undefined
    title.textContent = current.title
    app.textContent = `Requested by ${current.app}`
    details.replaceChildren(
      ...current.details.flatMap(([label, value]) => [
        element('dt', {}, label),
        element('dd', {}, value),
      ]),
    )
    body.hidden = current.body === undefined
    body.textContent = current.body ?? ''
    queueNote.hidden = waiting.length < 2
    queueNote.textContent =
      waiting.length === 2
        ? '1 more request waiting'
        : `${waiting.length - 1} more requests waiting`
    approve.disabled = false
    reject.disabled = false
    title.tabIndex = -1
    title.focus()
    return current
  }

  function decide(approved: boolean) {
    const current = queue.pending()[0]
    if (!current) return
    approve.disabled = true
    reject.disabled = true
    current.decide(approved)
  }

  approve.addEventListener('click', () => decide(true))
  reject.addEventListener('click', () => decide(false))

  return {
    /** Resolves true on Approve, false on Reject; rejects when the frame drops the request. */
    ask: (request: ApprovalRequest): Promise<boolean> => queue.ask(request),
    /** Drops every waiting request (sign out, reload): each one's answer is `reason`. */
    dropAll: (reason: Error) => queue.dropAll(reason),
  }
}
