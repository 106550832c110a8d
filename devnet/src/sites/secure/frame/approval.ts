// The frame's approval UI: one unsafe request at a time, with what is asked, by which origin
// (the browser's word, not the app's), on which network, the warnings, and Approve / Reject.
// Everything the app sent is cleaned (text.ts) and set as text. Approve works only while the
// approval has been seen whole and unobscured for a moment (arming.ts, visibility.ts), and one
// press decides one request: the next one waits its own moment.

import { createApprovalQueue, type Waiting } from '../../../wallets/shared/approvals.js'
import { element } from '../../../wallets/shared/dom.js'
import { createArming } from './arming.js'
import { cleanText } from './text.js'
import { watchVisibility } from './visibility.js'

export type ApprovalRequest = {
  requestId: string
  method: string
  title: string
  /** The app's origin, as the browser reported it. */
  app: string
  /** The name the app gives itself (unverified), if any. */
  appName?: string
  details: [label: string, value: string][]
  /** What the user should know before approving (another chain, another site, unlimited). */
  warnings?: string[]
  /** A message, typed data or calldata, shown whole in a scrollable block. */
  body?: string
}

const WAIT_NOTE = 'Approve turns on once this request has been fully on screen for a moment.'
const HIDDEN_NOTE = 'This approval is hidden, covered or cut off: Approve stays off.'

export function createApprovalUi(options: {
  onOpen(request: ApprovalRequest): void
  onClose(request: ApprovalRequest, approved: boolean): void
}) {
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const section = byId<HTMLElement>('approval')
  const title = byId<HTMLElement>('approval-title')
  const app = byId<HTMLElement>('approval-app')
  const appName = byId<HTMLElement>('approval-name')
  const warnings = byId<HTMLElement>('approval-warnings')
  const details = byId<HTMLElement>('approval-details')
  const body = byId<HTMLElement>('approval-body')
  const queueNote = byId<HTMLElement>('approval-queue')
  const armNote = byId<HTMLElement>('approval-arming')
  const approve = byId<HTMLButtonElement>('approval-approve')
  const reject = byId<HTMLButtonElement>('approval-reject')

  let seen = false
  const arming = createArming({
    now: () => performance.now(),
    changed: () => showArming(),
  })
  function showArming() {
    const armed = arming.armed()
    approve.disabled = !armed
    armNote.hidden = armed
    armNote.textContent = seen ? WAIT_NOTE : HIDDEN_NOTE
  }
  watchVisibility(section, (visible) => {
    seen = visible
    arming.visible(visible)
    showArming()
  })

  const queue = createApprovalQueue<ApprovalRequest>({
    changed(request, event) {
      if (event !== 'arrived') options.onClose(request, event === 'approved')
      const before = shownId
      const shown = render()
      if (shown && shown.id !== before) arming.newRequest()
      showArming()
      // The frame shows a request when it reaches the front of the queue (not while the queue
      // is being dropped whole).
      if (shown && event !== 'dropped' && (event !== 'arrived' || shown === request)) {
        options.onOpen(shown)
      }
    },
  })
  let shownId: number | undefined

  function render(): Waiting<ApprovalRequest> | undefined {
    const waiting = queue.pending()
    const current = waiting[0]
    section.hidden = current === undefined
    shownId = current?.id
    if (!current) return undefined
    title.textContent = current.title
    app.textContent = `Requested by ${current.app}`
    appName.hidden = !current.appName
    appName.textContent = current.appName ? `The app calls itself “${current.appName}”` : ''
    warnings.replaceChildren(
      ...(current.warnings ?? []).map((warning) => element('li', {}, cleanText(warning))),
    )
    warnings.hidden = (current.warnings ?? []).length === 0
    details.replaceChildren(
      ...current.details.flatMap(([label, value]) => [
        element('dt', {}, cleanText(label, { max: 80 })),
        element('dd', {}, cleanText(value, { max: 400 })),
      ]),
    )
    body.hidden = current.body === undefined
    body.textContent =
      current.body === undefined ? '' : cleanText(current.body, { multiline: true })
    queueNote.hidden = waiting.length < 2
    queueNote.textContent =
      waiting.length === 2
        ? '1 more request waiting'
        : `${waiting.length - 1} more requests waiting`
    reject.disabled = false
    title.tabIndex = -1
    title.focus()
    return current
  }

  function decide(approved: boolean) {
    const current = queue.pending()[0]
    if (!current) return
    // Approve counts only while armed: a click on a transparent, covered or just-shown approval
    // (or the second click of a double click, once the next request is in front) does nothing.
    if (approved && !arming.armed()) return
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
