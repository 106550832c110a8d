// What the Devnet Mobile Wallet page's parts share: its alert and activity log, the Approve and
// Reject pairs, and how details are listed. Everything a dapp sends is set as text.

import { element } from '../shared/dom.js'
import type { MobileWalletConfig } from './config.js'
import { chainName } from './describe.js'

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

export type PageUi = {
  config: MobileWalletConfig
  showError(error: unknown): void
  clearError(): void
  /** A line in the page's activity list, newest first. */
  log(text: string): void
  /**
   * Wires an Approve and a Reject button: `decide` answers the item shown (nothing when there
   * is none); both buttons are disabled while the answer goes out; its outcome is logged, a
   * failure shown; `after` runs either way.
   */
  decisionButtons(
    approve: HTMLButtonElement,
    reject: HTMLButtonElement,
    decide: (approved: boolean) => Promise<string> | undefined,
    after?: () => void,
  ): void
}

export function createPageUi(config: MobileWalletConfig): PageUi {
  const alert = byId<HTMLParagraphElement>('error')
  const activity = byId<HTMLOListElement>('activity-list')
  const ui: PageUi = {
    config,
    showError(error) {
      alert.textContent = error instanceof Error ? error.message : String(error)
      alert.hidden = false
    },
    clearError() {
      alert.textContent = ''
      alert.hidden = true
    },
    log(text) {
      activity.prepend(element('li', {}, `${new Date().toLocaleTimeString()} ${text}`))
    },
    decisionButtons(approve, reject, decide, after) {
      const run = (approved: boolean) => {
        const answer = decide(approved)
        if (!answer) return
        ui.clearError()
        approve.disabled = true
        reject.disabled = true
        answer.then(ui.log, ui.showError).finally(() => after?.())
      }
      approve.addEventListener('click', () => run(true))
      reject.addEventListener('click', () => run(false))
    },
  }
  return ui
}

/** A term and its value in a details list. */
export function definition(list: HTMLElement, term: string, value: string, className?: string) {
  list.append(element('dt', {}, term), element('dd', className ? { class: className } : {}, value))
}

/** "Devnet (31337), Devnet L2 (31338)", or what was asked when the wallet knows none. */
export function networkList(
  config: MobileWalletConfig,
  request: { chains: string[]; requestedChains: string[] },
): string {
  return request.chains.length > 0
    ? request.chains.map((caip) => chainName(config, caip)).join(', ')
    : `none the wallet knows (${request.requestedChains.join(', ')})`
}

/**
 * Sign-in details, with the check CAIP-122 asks wallets to make: the domain signed in to
 * should be the app's own (here its self-declared URL; no verify service runs offline).
 */
export function signInDefinitions(
  config: MobileWalletConfig,
  list: HTMLElement,
  request: { domain: string; uri: string; chains: string[]; requestedChains: string[] },
  appUrl: string,
) {
  definition(list, 'Sign in to', request.domain)
  definition(list, 'URI', request.uri)
  let appHost = ''
  try {
    appHost = new URL(appUrl).host
  } catch {
    appHost = ''
  }
  if (appHost !== request.domain.toLowerCase()) {
    definition(
      list,
      'Warning',
      `The app says it is ${appUrl || '(no URL)'}, but asks you to sign in to ${request.domain}`,
      'warning',
    )
  }
  definition(list, 'Sign-in networks', networkList(config, request))
}

/** The first text approving signs, and how many more (one per network). */
export function messagePreview(messages: string[]): string {
  const [first] = messages
  if (!first) return ''
  const more = messages.length - 1
  return more > 0
    ? `${first}\n\n(and the same for ${more} more network${more > 1 ? 's' : ''})`
    : first
}
