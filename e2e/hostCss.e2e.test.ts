import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_VITE_5, CREATE_VITE_9, RESET, THEME_CLASS } from './fixtures/host-css.js'
import { textContrasts } from './support/contrast.js'
import { devnetWallet, type Stack, startStack } from './support/stack.js'

/**
 * The modal's default look (`@portico/ui-kit/styles.css`) holds against the host page's CSS: in
 * a stock create-vite app the title was near-black on the near-black dialog. Every text of the
 * dialog must keep a WCAG AA contrast (4.5:1) against what is behind it, and the title its size,
 * whatever the page's templates, resets and colour scheme say.
 */

let stack: Stack
let context: BrowserContext

beforeAll(async () => {
  stack = await startStack('modal')
  context = await stack.browser.newContext()
})

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

async function hostPage(css: string, colorScheme: 'light' | 'dark', htmlClass?: string) {
  const page = await context.newPage()
  await page.emulateMedia({ colorScheme })
  await page.goto(stack.example.url)
  await page.addStyleTag({ content: css })
  if (htmlClass) {
    await page.evaluate((name) => document.documentElement.classList.add(name), htmlClass)
  }
  return page
}

async function expectReadable(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  await dialog.waitFor()
  const texts = await textContrasts(dialog)
  expect(texts.length).toBeGreaterThan(1)
  expect(texts.filter((text) => text.ratio < 4.5)).toEqual([])
  const title = dialog.getByRole('heading', { name: dialogName })
  const style = await title.evaluate((element) => {
    const computed = getComputedStyle(element)
    return [computed.fontSize, computed.textTransform, computed.letterSpacing]
  })
  expect(style).toEqual(['16px', 'none', 'normal'])
  return texts
}

describe('the modal against host CSS', () => {
  const cases: [string, string, 'light' | 'dark', string?][] = [
    ['create-vite 9 (light page)', CREATE_VITE_9, 'light'],
    ['create-vite 9 (dark page)', CREATE_VITE_9, 'dark'],
    ['create-vite 5 (dark page)', CREATE_VITE_5, 'dark'],
    ['create-vite 5 (light page)', CREATE_VITE_5, 'light'],
    ['a reset and a base layer', RESET, 'light'],
    ['a theme class on <html>', `${RESET}${THEME_CLASS}`, 'light', 'light'],
  ]

  for (const [name, css, colorScheme, htmlClass] of cases) {
    it(`keeps Connect readable under ${name}`, async () => {
      const page = await hostPage(css, colorScheme, htmlClass)
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
      await dialog.getByRole('button', { name: 'Devnet Wallet', exact: true }).waitFor()
      const texts = await expectReadable(page, 'Connect wallet')
      expect(texts.map((text) => text.text)).toContain('Devnet Wallet')
      await page.close()
    })
  }

  it('keeps Account readable under the harshest of them', async () => {
    const page = await hostPage(`${RESET}${THEME_CLASS}`, 'light', 'light')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Connect wallet' })
      .getByRole('button', { name: 'Devnet Wallet', exact: true })
      .click()
    await devnetWallet(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /^Account 0x/ }).click()
    // The balance arrives after the dialog opens (on a busy machine, after its texts were read).
    await page.getByRole('dialog', { name: 'Account' }).getByText(/ETH/).first().waitFor()
    const texts = await expectReadable(page, 'Account')
    expect(texts.some((text) => /ETH/.test(text.text))).toBe(true)
    await page.close()
  })
})
