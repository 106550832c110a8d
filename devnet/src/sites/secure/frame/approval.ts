// The frame's approval UI: one unsafe request at a time, with what is asked, by which app, on
// which network, and Approve / Reject. Everything the app sent is set as text.

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

type Waiting = ApprovalRequest & { settle(approved: boolean, reason?: Error): void }

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
  const queue: Waiting[] = []

  function render() {
    const current = queue[0]
    section.hidden = current === undefined
    if (!current) return
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
    queueNote.hidden = queue.length < 2
    queueNote.textContent =
      queue.length === 2 ? '1 more request waiting' : `${queue.length - 1} more requests waiting`
    approve.disabled = false
    reject.disabled = false
    title.tabIndex = -1
    title.focus()
  }

  function decide(approved: boolean) {
    const current = queue.shift()
    if (!current) return
    approve.disabled = true
    reject.disabled = true
    current.settle(approved)
    options.onClose(current, approved)
    render()
    const next = queue[0]
    if (next) options.onOpen(next)
  }

  approve.addEventListener('click', () => decide(true))
  reject.addEventListener('click', () => decide(false))

  return {
    /** Resolves true on Approve, false on Reject; rejects when the frame drops the request. */
    ask(request: ApprovalRequest): Promise<boolean> {
      return new Promise<boolean>((resolve, rejectPromise) => {
        queue.push({
          ...request,
          settle: (approved, reason) => (reason ? rejectPromise(reason) : resolve(approved)),
        })
        if (queue.length === 1) {
          render()
          options.onOpen(request)
        } else {
          render()
        }
      })
    },

    /** Drops every waiting request (sign out, reload): each one's answer is `reason`. */
    dropAll(reason: Error) {
      const dropped = queue.splice(0)
      render()
      for (const waiting of dropped) {
        waiting.settle(false, reason)
        options.onClose(waiting, false)
      }
    },
  }
}

export type ApprovalUi = ReturnType<typeof createApprovalUi>
