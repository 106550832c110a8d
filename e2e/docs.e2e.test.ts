import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDocs } from './support/ladle.js'
import type { StartedNext } from './support/next.js'
import { devnetWallet, openPage, type Stack, startStack } from './support/stack.js'

/**
 * Every page of the docs site, in Chromium, on a devnet: each renders its title with no console
 * error, and once the Devnet Wallet is connected (on the first page; the connection is stored),
 * each live example shows the connected account.
 */

let stack: Stack
let docs: StartedNext
let base: string
let context: BrowserContext
let page: Page
let stories: string[]
const errors: string[] = []

beforeAll(async () => {
  stack = await startStack('modal')
  docs = await startDocs()
  base = docs.url.replace(/meta\.json$/, '')
  const meta = (await (await fetch(docs.url)).json()) as { stories: Record<string, unknown> }
  stories = Object.keys(meta.stories)
  ;({ context, page } = await openPage(stack))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error}`))
}, 400_000)

afterAll(async () => {
  await context?.close()
  await docs?.close()
  await stack?.close()
})

const visit = async (id: string) => {
  await page.goto(`${base}?story=${id}&mode=preview`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
}

describe('the docs site', () => {
  it('has a page for every public hook and every view, the guides and the options', () => {
    const hooks = stories.filter((id) => id.startsWith('hook-reference--'))
    expect(hooks).toHaveLength(22)
    const views = [
      'Connect',
      'AllWallets',
      'ConnectingExternal',
      'ConnectingWalletConnect',
      'Account',
      'Networks',
      'UnsupportedChain',
      'WalletSend',
      'WalletSendSelectToken',
      'WalletSendPreview',
      'WalletReceive',
      'Transactions',
      'RegisterAccountName',
      'RegisterAccountNameSuccess',
    ]
    const kebab = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()
    expect(views.filter((view) => !stories.includes(`views--${kebab(view)}`))).toEqual([])
    for (const guide of ['vite', 'next-js', 'replacing-a-view', 'options']) {
      expect(stories).toContain(`guides--${guide}`)
    }
  })

  it('connects the Devnet Wallet from a hook page', async () => {
    await visit('hook-reference--use-account')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Connect wallet' })
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('button', { name: /^Account 0x/ }).waitFor()
    const returned = page.getByRole('definition').filter({ hasText: '"connected"' })
    await returned.first().waitFor()
  })

  // About 45 pages, each a full load of the Ladle app: minutes on a busy machine.
  it('shows every page with no console error, each live example connected', {
    timeout: 900_000,
  }, async () => {
    const slow: string[] = []
    for (const id of stories) {
      const started = Date.now()
      await visit(id)
      expect(await page.getByRole('alert').filter({ hasText: 'No devnet' }).count(), id).toBe(0)
      if (id.startsWith('hook-reference--') || id === 'guides--replacing-a-view') {
        // The example's ConnectButton shows the stored account once reconnected.
        await page
          .getByRole('button', { name: /^Account 0x/ })
          .first()
          .waitFor()
      } else if (id.startsWith('views--') && !['views--buttons', 'views--languages'].includes(id)) {
        await page.getByRole('dialog').first().waitFor()
      }
      if (Date.now() - started > 10_000) slow.push(`${id} ${Date.now() - started} ms`)
    }
    if (slow.length > 0) console.log(`slow docs pages: ${slow.join(', ')}`)
    expect(errors).toEqual([])
  })

  it('keeps a view example usable after its modal is closed', async () => {
    await visit('views--networks')
    await page.getByRole('dialog').first().waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').first().waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Open Networks' }).click()
    await page.getByRole('dialog', { name: 'Networks' }).waitFor()
  })

  it('copies a snippet with its copy button', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await visit('guides--vite')
    const figure = page.getByRole('figure', { name: 'Install' })
    await figure.getByRole('button', { name: 'Copy' }).click()
    await figure.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'npm install @portico/core @portico/react @portico/ui-kit viem',
    )
  })

  it('lists the options from the SDK types', async () => {
    await visit('guides--options')
    const rows = page.getByRole('row')
    expect(await rows.count()).toBeGreaterThan(20)
    for (const option of ['projectId?', 'networks', 'storage?', 'initialState?', 'ssr?']) {
      await page.getByRole('rowheader', { name: option, exact: true }).waitFor()
    }
  })

  it('says so on the page when no devnet answers', async () => {
    await stack.devnet.stop()
    await visit('hook-reference--use-balance')
    await page.getByRole('alert').filter({ hasText: 'No devnet answers' }).waitFor()
  })
})
