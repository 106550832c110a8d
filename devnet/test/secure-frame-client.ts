// A minimal app-side client of the secure frame protocol, for the browser tests (bundled by
// esbuild into the test page). It does what the SDK's frame client must: post each event with an
// id to the frame's exact origin, accept messages only from the frame's window and origin, check
// them with the protocol's validator, and show the frame while an approval is open.

import type { AppEventName, AppPayloads, FrameErrorPayload } from '@portico/core/internal'
import { appMessage, type FrameNotice, parseFrameMessage } from '@portico/core/test-seams'

type Answer = { ok: true; payload: unknown } | { ok: false; error: FrameErrorPayload }

declare global {
  interface Window {
    secureClient: {
      ready: Promise<void>
      request<E extends AppEventName>(event: E, payload: AppPayloads[E]): Promise<Answer>
      /** Sends without waiting; the answer is kept under the returned id. */
      start<E extends AppEventName>(event: E, payload: AppPayloads[E]): string
      answer(id: string): Promise<Answer>
      notices: FrameNotice[]
      ignored: number
    }
  }
}

const iframe = document.getElementById('secure') as HTMLIFrameElement
const secureOrigin = new URL(iframe.src).origin
const waiting = new Map<string, (answer: Answer) => void>()
const answers = new Map<string, Promise<Answer>>()
let nextId = 1
let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

const client: Window['secureClient'] = {
  ready,
  notices: [],
  ignored: 0,
  start(event, payload) {
    const id = `req-${nextId++}`
    answers.set(
      id,
      new Promise<Answer>((resolve) => {
        waiting.set(id, resolve)
      }),
    )
    iframe.contentWindow?.postMessage(appMessage(event, id, payload), secureOrigin)
    return id
  },
  answer(id) {
    return answers.get(id) ?? Promise.reject(new Error(`no request ${id}`))
  },
  request(event, payload) {
    return client.answer(client.start(event, payload))
  },
}
window.secureClient = client

window.addEventListener('message', (event) => {
  if (event.source !== iframe.contentWindow || event.origin !== secureOrigin) {
    client.ignored++
    return
  }
  const parsed = parseFrameMessage(event.data)
  if (!parsed) {
    client.ignored++
    return
  }
  if (parsed.kind === 'notice') {
    client.notices.push(parsed.message)
    if (parsed.notice === 'READY') markReady()
    if (parsed.notice === 'APPROVAL_OPEN') iframe.classList.add('visible')
    if (parsed.notice === 'APPROVAL_CLOSED') iframe.classList.remove('visible')
    return
  }
  const resolve = waiting.get(parsed.id)
  if (!resolve) return
  waiting.delete(parsed.id)
  resolve(
    parsed.kind === 'success'
      ? { ok: true, payload: parsed.message.payload }
      : { ok: false, error: parsed.message.payload },
  )
})
