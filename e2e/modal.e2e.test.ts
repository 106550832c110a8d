import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type StartedBrowser } from './support/browser.js'
import { type StartedExample, startExample } from './support/example.js'

let browser: StartedBrowser
let example: StartedExample
let page: Page

beforeAll(async () => {
  ;[browser, example] = await Promise.all([launchBrowser(), startExample('modal')])
  page = await browser.browser.newPage()
})

afterAll(async () => {
  await browser?.close()
  await example?.close()
})

const isFocused = (name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((el) => el === document.activeElement)

const focusInDialog = () =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))

describe('examples/modal in Chromium', () => {
  it('opens the modal, keeps Tab inside, closes on Escape and returns focus', async () => {
    await page.goto(example.url)
    const trigger = page.getByRole('button', { name: 'Connect wallet' })
    await trigger.focus()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    // Focus moves in right after the frame that shows the dialog.
    await expect.poll(focusInDialog).toBe(true)

    // Tab through the dialog until Close (its last control) and on: focus never leaves it.
    let closeFocused = false
    for (let i = 0; i < 30 && !closeFocused; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog()).toBe(true)
      closeFocused = await isFocused('Close')
    }
    await page.keyboard.press('Tab')
    expect(await focusInDialog()).toBe(true)
    await page.keyboard.press('Shift+Tab')
    expect(await focusInDialog()).toBe(true)
    expect(closeFocused).toBe(true)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Connect wallet')
  })
})
